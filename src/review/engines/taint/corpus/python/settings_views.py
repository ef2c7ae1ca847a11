"""Django settings views: values picked out of cookie and header loops, responses with headers."""
import subprocess

from django.http import HttpResponse
from django.utils.html import escape


def theme(request):
    chosen = "light"
    for key, value in request.COOKIES.items():
        if key == "theme":
            chosen = value
            break
    return HttpResponse("<body class='%s'>" % chosen)  # vuln: xss


def theme_checked(request):
    chosen = "light"
    for key, value in request.COOKIES.items():
        if key == "theme":
            chosen = "dark" if value == "dark" else "light"
            break
    return HttpResponse("<body class='%s'>" % chosen)  # safe: xss allow-list


def forwarded_user(request):
    user = None
    for header, value in request.META.items():
        if not header.startswith("HTTP_"):
            continue
        if header == "HTTP_X_USER":
            user = value
            break
    subprocess.call("id " + str(user), shell=True)  # vuln: command-injection
    response = HttpResponse("ok")  # safe: xss constant
    response["X-User"] = user
    return response


def greeting(request):
    name = request.GET.get("name", "")
    response = HttpResponse("Hello " + escape(name))  # safe: xss sanitized
    response["X-Name"] = name
    return response


def language(request):
    lang = "en"
    while True:
        code = request.GET.get("lang", "en")
        if code in ("en", "de", "fr"):
            lang = code
            break
        lang = "en"
        break
    return HttpResponse("<html lang='%s'>" % lang)  # safe: xss allow-list


WIZARD_STEPS = ("account", "billing", "done")


def wizard_step(request):
    step = request.POST["step"]
    request.session["wizard_" + step] = True  # vuln: trust-boundary
    request.session["wizard_step"] = "billing"  # safe: trust-boundary constant
    if step in WIZARD_STEPS:
        request.session[step] = True  # safe: trust-boundary allow-list
    request.session[str(len(step))] = True  # safe: trust-boundary sanitized
    return HttpResponse("ok")  # safe: xss constant
