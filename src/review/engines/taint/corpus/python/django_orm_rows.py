"""Django views of a recipe site: rows looked up by what the request names are the site's data, not the request."""
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect

from .models import Recipe, Tag


def by_slug(request):
    recipe = Recipe.objects.filter(slug=request.GET["slug"]).first()
    return HttpResponseRedirect(recipe.source_url)  # safe: open-redirect the row's stored address


def by_author(request):
    recipes = Recipe.objects.filter(author__username=request.GET.get("author", "")).exclude(draft=True)
    return HttpResponse("<li>".join(r.title for r in recipes))  # safe: xss titles stored by the site


def by_pk(request, pk):
    recipe = Recipe.objects.get(pk=pk)
    return HttpResponse("<h1>%s</h1>" % recipe.title)  # safe: xss the row, not the key


def echo_slug(request, slug):
    recipe = Recipe.objects.filter(slug=slug).first()
    return HttpResponse("<h1>%s</h1><p>%s</p>" % (slug, recipe.title))  # vuln: xss the slug itself


def tag_page(request):
    tag, _ = Tag.objects.get_or_create(name=request.GET["tag"])
    return HttpResponse("<h2>%s</h2>" % tag.name)  # vuln: xss a created row holds the request's name


def next_recipe(request):
    nxt = request.GET.get("next", "/")
    recipes = Recipe.objects.filter(public=True)
    return redirect(nxt if recipes.exists() else "/")  # vuln: open-redirect
