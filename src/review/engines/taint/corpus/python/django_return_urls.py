from urllib.parse import urlparse

import requests
from django.conf import settings
from django.http import HttpResponse, HttpResponseBadRequest, HttpResponseRedirect, JsonResponse
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views import View

TRUSTED_RETURN_HOSTS = {"www.example.com", "shop.example.com"}
IMAGE_HOSTS = ("images.example-cdn.com", "static.example-cdn.com")


def oauth_return(request):
    return_to = request.GET.get("return_to", "/")
    netloc = urlparse(return_to).netloc
    if netloc and netloc not in TRUSTED_RETURN_HOSTS:
        return HttpResponseBadRequest("untrusted return_to")
    return HttpResponseRedirect(return_to)  # safe: open-redirect relative or allow-listed host


def oauth_return_any_host(request):
    return_to = request.GET.get("return_to", "/")
    netloc = urlparse(return_to).netloc
    if netloc or netloc not in TRUSTED_RETURN_HOSTS:
        pass
    return HttpResponseRedirect(return_to)  # vuln: open-redirect


def switch_language(request):
    nxt = request.POST.get("next", "/")
    parsed = urlparse(nxt)
    if parsed.hostname is not None and parsed.hostname not in settings.ALLOWED_HOSTS:
        nxt = "/"
    response = redirect(nxt)  # safe: open-redirect relative or allow-listed host
    response.set_cookie("lang", request.POST.get("lang", "en"))
    return response


def switch_currency(request):
    nxt = request.POST.get("next", "/")
    parsed = urlparse(nxt)
    if parsed.hostname not in settings.ALLOWED_HOSTS:
        request.session["suspicious_next"] = True
    return redirect(nxt)  # vuln: open-redirect


class ImageProxyView(View):
    def get(self, request):
        src = request.GET["src"]
        host = urlparse(src).hostname
        if host not in IMAGE_HOSTS:
            return JsonResponse({"error": "host not allowed"}, status=400)
        upstream = requests.get(src, timeout=3)  # safe: ssrf host allow-list on a derived host
        return HttpResponse(upstream.content, content_type=upstream.headers["Content-Type"])

    def post(self, request):
        src = request.POST["src"]
        host = urlparse(src).hostname
        if host not in IMAGE_HOSTS:
            return HttpResponse("<p>Unknown image host " + host + "</p>")  # vuln: xss
        return HttpResponse("<img src='" + src + "'>")  # vuln: xss


def image_probe(request):
    src = request.GET["src"]
    host = urlparse(src).hostname
    if host in IMAGE_HOSTS:
        print("probing a CDN image")
    upstream = requests.head(src, timeout=3)  # vuln: ssrf
    return JsonResponse({"status": upstream.status_code})


class SignInView(View):
    def get(self, request):
        redirect_to = request.GET.get("next", "")
        url_is_safe = url_has_allowed_host_and_scheme(
            url=redirect_to,
            allowed_hosts={request.get_host()},
            require_https=request.is_secure(),
        )
        if not url_is_safe:
            return redirect("/")  # safe: open-redirect constant
        return HttpResponseRedirect(redirect_to)  # safe: open-redirect check held in a variable

    def delete(self, request):
        redirect_to = request.GET.get("next", "")
        url_is_safe = url_has_allowed_host_and_scheme(url=redirect_to, allowed_hosts={request.get_host()})
        response = HttpResponseRedirect(redirect_to)  # vuln: open-redirect
        response["X-Next-Checked"] = "1" if url_is_safe else "0"
        return response

    def post(self, request):
        redirect_to = request.POST.get("next", "")
        if not url_has_allowed_host_and_scheme(url=redirect_to, allowed_hosts={request.get_host()}):
            return redirect("/")  # safe: open-redirect constant
        return HttpResponseRedirect(redirect_to)  # safe: open-redirect allow-listed host and scheme


def dismiss_banner(request):
    # Post/redirect/get back to the page asked for: get_full_path() escapes a leading "//".
    if request.method != "POST":
        return HttpResponse("ok")
    return HttpResponseRedirect(request.get_full_path())  # safe: open-redirect leading slashes escaped


def add_slash(request):
    return HttpResponseRedirect(request.path + "/")  # vuln: open-redirect
