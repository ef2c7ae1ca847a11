import os

from django.conf import settings
from django.http import FileResponse, Http404


def serve_media(request):
    rel = request.GET.get("path", "")
    full = os.path.join(settings.MEDIA_ROOT, rel)
    if not os.path.exists(full):
        raise Http404("no such file")
    return FileResponse(open(full, "rb"))
