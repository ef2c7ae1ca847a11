"""Django views of a help centre that render search results and article previews through templates."""
from django.http import HttpResponse, JsonResponse
from django.template import Context, Template, engines, loader
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe


def search(request):
    q = request.GET.get("q", "")
    return HttpResponse(render_to_string("help/search.html", {"q": q}))  # safe: xss the template escapes q


def search_card(request):
    q = request.GET.get("q", "")
    page = loader.get_template("help/card.html")
    return HttpResponse(page.render({"q": q}, request))  # safe: xss a Django template escapes


def preview(request):
    title = request.POST.get("title", "")
    tpl = Template("<h2>{{ title }}</h2>")
    return HttpResponse(tpl.render(Context({"title": title})))  # safe: xss fixed template, value escaped


def preview_jinja_backend(request):
    title = request.POST.get("title", "")
    tpl = engines["jinja2"].from_string("<h2>{{ title }}</h2>")
    return HttpResponse(tpl.render({"title": title}))  # safe: xss Django's Jinja2 backend autoescapes


def search_suffix(request):
    q = request.GET.get("q", "")
    html = render_to_string("help/search.html", {"q": q})
    return HttpResponse(html + "<p>No results for " + q + "</p>")  # vuln: xss


def search_marked(request):
    q = request.GET.get("q", "")
    return HttpResponse(render_to_string("help/search.html", {"q": mark_safe(q)}))  # vuln: xss


def widget_json(request):
    q = request.GET.get("q", "")
    return JsonResponse({"html": render_to_string("help/widget.html", {"q": q})})  # safe: xss JSON of an escaped page
