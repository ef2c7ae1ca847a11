import subprocess

from celery import shared_task
from django.conf import settings


def _run(args):
    return subprocess.run(args, check=False).returncode  # safe: command-injection argument list


@shared_task
def sync_repo(url):
    return _run(["git", "clone", "--mirror", "--", url, settings.MIRROR_DIR])
