import random
import secrets

from django.contrib.auth.hashers import make_password
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme


def invite(request):
    code = "".join(random.choices("ABCDEFGHJKLMNPQRSTUVWXYZ23456789", k=8))
    response = HttpResponse("invited")
    response.set_cookie("invite", code)  # vuln: insecure-random
    return response


def invite_secure(request):
    code = secrets.token_urlsafe(8)
    response = HttpResponse("invited")
    response.set_cookie("invite", code)  # safe: insecure-random secrets
    return response


def create_service_account(request):
    pw = str(random.randrange(10**8, 10**9))
    hashed = make_password(pw)  # vuln: insecure-random
    request.session["last_created"] = request.POST["name"]  # vuln: trust-boundary
    return HttpResponse(hashed)


def ab_bucket(request):
    bucket = random.randint(0, 1)
    template = "a.html" if bucket else "b.html"
    response = HttpResponse(template)
    response.set_cookie("bucket", "b")  # safe: insecure-random constant
    return response


def after_login(request):
    nxt = request.GET.get("next", "/")
    return redirect(nxt)  # vuln: open-redirect


def after_login_checked(request):
    nxt = request.GET.get("next", "/")
    if url_has_allowed_host_and_scheme(nxt, allowed_hosts={request.get_host()}):
        return HttpResponseRedirect(nxt)  # safe: open-redirect allow-list
    return HttpResponseRedirect(reverse("home"))  # safe: open-redirect reverse


def logout_view(request):
    return redirect(reverse("login") + "?bye=1")  # safe: open-redirect reverse


def after_signup(request):
    target = request.POST.get("next", "/")
    if not target.startswith("/") or target.startswith("//"):
        target = "/"
    return redirect(target)  # safe: open-redirect allow-list


def after_logout(request):
    from django.shortcuts import redirect as go_back
    return go_back(request.GET["next"])  # vuln: open-redirect
