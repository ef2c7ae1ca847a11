# Django's format_html escapes the values it puts into a literal format string; an f-string has already put them in.
from django.http import HttpResponse
from django.utils.html import conditional_escape, format_html


def greet(request):
    return HttpResponse(format_html("<p>Hello {}</p>", request.GET.get("name", "")))  # safe: xss format_html escapes its values


def badge(request):
    return HttpResponse("<span>" + conditional_escape(request.GET.get("label", "")) + "</span>")  # safe: xss escaped


def shout(request):
    name = request.GET.get("name", "")
    return HttpResponse(format_html(f"<p>Hello {name}</p>"))  # vuln: xss
