"""HTTP and socket clients of an internal tool: the settings that turn certificate checks off, beside the ones that keep them."""
import socket
import ssl
import urllib.request

import mpmath
import requests
import urllib3


def fetch_unverified(url):
    ctx = ssl._create_unverified_context()  # expect: py.tls-verification-disabled
    return urllib.request.urlopen(url, context=ctx).read()


def fetch_no_checks(url):
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE  # expect: py.tls-verification-disabled
    return urllib.request.urlopen(url, context=ctx).read()


def fetch_private_ca(url):
    ctx = ssl.create_default_context(cafile="/etc/ssl/internal-ca.pem")
    ctx.verify_mode = ssl.CERT_REQUIRED  # ok: py.tls-verification-disabled
    return urllib.request.urlopen(url, context=ctx).read()


def pool_unverified():
    return urllib3.PoolManager(cert_reqs="CERT_NONE")  # expect: py.tls-verification-disabled


def pool_verified():
    return urllib3.PoolManager(cert_reqs="CERT_REQUIRED", ca_certs="/etc/ssl/certs/ca-certificates.crt")  # ok: py.tls-verification-disabled


def legacy_socket(host):
    sock = socket.create_connection((host, 443))
    return ssl.wrap_socket(sock)  # expect: py.tls-verification-disabled


def legacy_socket_checked(host):
    sock = socket.create_connection((host, 443))
    return ssl.wrap_socket(sock, cert_reqs=ssl.CERT_REQUIRED, ca_certs="/etc/ssl/certs/ca-certificates.crt")  # ok: py.tls-verification-disabled


def api_session():
    session = requests.Session()
    session.verify = False  # expect: py.tls-verification-disabled
    return session


def api_session_ca():
    session = requests.Session()
    session.verify = "/etc/ssl/internal-ca.pem"  # ok: py.tls-verification-disabled
    return session


class Checker:
    def __init__(self):
        self.verify = False  # ok: py.tls-verification-disabled
        self.verify_mode = ssl.CERT_NONE  # ok: py.tls-verification-disabled


def root(f):
    return mpmath.findroot(f, (1, 2), solver="illinois", verify=False)  # ok: py.tls-verification-disabled


def client_context(verify_certs):
    ctx = ssl.create_default_context()
    if not verify_certs:
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE  # ok: py.tls-verification-disabled
    return ctx
