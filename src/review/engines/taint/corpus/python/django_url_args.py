"""Django views of a media library: files, reports and pages addressed by what the URL pattern captured."""
import os
import subprocess

from django.db import connection
from django.http import FileResponse, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils._os import safe_join
from django.views import View

from .models import Album

MEDIA = "/srv/media"


def download(request, filename):
    return FileResponse(open(os.path.join(MEDIA, filename), "rb"))  # vuln: path-traversal


def download_joined(request, filename):
    return FileResponse(open(safe_join(MEDIA, filename), "rb"))  # safe: path-traversal safe_join raises outside MEDIA


def thumbnail(request, album, size):
    out = subprocess.run(f"convert {MEDIA}/{album}/cover.jpg -resize {size} -", shell=True, capture_output=True)  # vuln: command-injection
    return HttpResponse(out.stdout, content_type="image/jpeg")


def thumbnail_list(request, album, size):
    out = subprocess.run(["convert", f"{MEDIA}/{album}/cover.jpg", "-resize", size, "-"], capture_output=True)  # safe: command-injection argument list
    return HttpResponse(out.stdout, content_type="image/jpeg")


def album_page(request, slug):
    album = get_object_or_404(Album, slug=slug)  # safe: sql-injection ORM lookup
    return JsonResponse({"title": album.title})


def album_count(request, year: int):
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM album WHERE year = %d" % year)  # safe: sql-injection annotated int
        return JsonResponse({"count": cursor.fetchone()[0]})


def album_by_artist(request, artist):
    with connection.cursor() as cursor:
        cursor.execute("SELECT id FROM album WHERE artist = '%s'" % artist)  # vuln: sql-injection
        return JsonResponse({"ids": [r[0] for r in cursor.fetchall()]})


def album_by_artist_bound(request, artist):
    with connection.cursor() as cursor:
        cursor.execute("SELECT id FROM album WHERE artist = %s", [artist])  # safe: sql-injection parameterized
        return JsonResponse({"ids": [r[0] for r in cursor.fetchall()]})


def _cover_path(request, name):
    return open(os.path.join(MEDIA, "covers", name), "rb")  # safe: path-traversal a private helper is no view


def go(request, target):
    return redirect(target)  # vuln: open-redirect


def go_named(request, target):
    return redirect("album-detail", slug=target)  # safe: open-redirect a URL name, reversed


class TrackView(View):
    def get(self, request, *args, **kwargs):
        path = os.path.join(MEDIA, "tracks", kwargs["track"])
        return FileResponse(open(path, "rb"))  # vuln: path-traversal

    def post(self, request, *args, **kwargs):
        name = os.path.basename(self.kwargs["track"])
        return FileResponse(open(os.path.join(MEDIA, "tracks", name), "rb"))  # safe: path-traversal basename


class LyricsView(View):
    def get(self, request, *args, **kwargs):
        path = os.path.join(MEDIA, "lyrics", self.kwargs["track"] + ".txt")
        return FileResponse(open(path, "rb"))  # vuln: path-traversal


# An admin-like class: its methods take the request from the class's own code, not from a URL pattern; what the
# pattern captured reaches a class-based view's handlers and self.kwargs only.
class AlbumAdmin:
    def response_add(self, request, obj, post_url_continue=None):
        if post_url_continue is None:
            post_url_continue = "/admin/albums/%d/" % obj.pk
        return redirect(post_url_continue)  # safe: open-redirect a method's own argument, no URL capture

    def response_delete(self, request, obj_display, next_url=None):
        return redirect(next_url or request.GET.get("next", "/admin/"))  # vuln: open-redirect the request's own next
