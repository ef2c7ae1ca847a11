"""A Django wiki whose pages are written in Markdown: a Markdown renderer's render passes raw HTML through."""
from django.http import HttpResponse
from django.template import loader
from markdown_it import MarkdownIt

md = MarkdownIt()


def page_preview(request):
    text = request.POST.get("text", "")
    return HttpResponse(md.render(text))  # vuln: xss
