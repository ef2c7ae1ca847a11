"""Background task: unpack an uploaded theme archive into the site's theme directory."""
import os
import zipfile

from celery import shared_task
from django.conf import settings

from .models import ThemeUpload

ALLOWED_SUFFIXES = (".css", ".html", ".js", ".png", ".svg", ".woff2", ".json")


@shared_task
def install_theme(upload_id):
    upload = ThemeUpload.objects.get(pk=upload_id)
    theme_dir = os.path.join(settings.THEMES_ROOT, upload.slug)
    written = []
    with zipfile.ZipFile(upload.archive.path) as zf:
        for info in zf.infolist():
            if info.is_dir() or not info.filename.endswith(ALLOWED_SUFFIXES):
                continue
            path = os.path.join(theme_dir, info.filename)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as fh:  # vuln: path-traversal
                fh.write(zf.read(info))
            written.append(info.filename)
    upload.files = written
    upload.save(update_fields=["files"])
