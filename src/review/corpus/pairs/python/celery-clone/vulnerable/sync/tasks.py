import os

from celery import shared_task
from django.conf import settings


def _run(cmd):
    return os.system("sh -c '%s'" % cmd)  # vuln: command-injection


@shared_task
def sync_repo(url):
    return _run("git clone --mirror " + url + " " + settings.MIRROR_DIR)
