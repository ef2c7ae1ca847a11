from django.http import HttpResponse
from django.utils.html import escape


def welcome(request):
    name = request.GET.get("name", "visitor")
    return HttpResponse("<p>Welcome, " + escape(name) + "!</p>")
