from urllib.parse import urlparse

from django.conf import settings


def is_allowed_callback(url):
    parsed = urlparse(url)
    return parsed.scheme == "https" and parsed.hostname in settings.WEBHOOK_ALLOWED_HOSTS
