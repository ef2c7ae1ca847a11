import ipaddress
import socket
import urllib.request
from urllib.parse import urlparse

MAX_BYTES = 2 * 1024 * 1024


def fetch_avatar(url):
    with urllib.request.urlopen(url, timeout=10) as resp:
        data = resp.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise ValueError("avatar too large")
    return data


def _is_public(host):
    try:
        return all(ipaddress.ip_address(info[4][0]).is_global for info in socket.getaddrinfo(host, 443))
    except (socket.gaierror, ValueError):
        return False
