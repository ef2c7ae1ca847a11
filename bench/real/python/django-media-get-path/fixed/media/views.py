import os

from django.conf import settings
from django.http import FileResponse, Http404


def serve_media(request):
    rel = request.GET.get("path", "")
    root = os.path.realpath(settings.MEDIA_ROOT)
    full = os.path.realpath(os.path.join(root, rel))
    if os.path.commonpath([root, full]) != root:
        raise Http404("no such file")
    if not os.path.exists(full):
        raise Http404("no such file")
    return FileResponse(open(full, "rb"))
