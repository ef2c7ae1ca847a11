# URLs taken apart and put back together (Django's redirect_to_login, "add these parameters" helpers): the request's
# data in the query of the program's own URL leads nowhere else; in the host, the path or the URL itself it does.
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from django.conf import settings
from django.http import HttpResponseRedirect
from django.urls import reverse


def add_query(url, params):
    parts = list(urlsplit(url))
    query = dict(parse_qsl(parts[3]))
    query.update(params)
    parts[3] = urlencode(query)
    return urlunsplit(parts)


def back_to_list(request):
    return HttpResponseRedirect(add_query(reverse("items"), request.GET.dict()))  # safe: open-redirect only the query is the request's


def to_login(request):
    parts = list(urlsplit(settings.LOGIN_URL))
    parts[3] = urlencode({"next": request.get_full_path()})
    return HttpResponseRedirect(urlunsplit(parts))  # safe: open-redirect the login URL's own host and path


def back_to_next(request):
    return HttpResponseRedirect(add_query(request.GET["next"], {"saved": "1"}))  # vuln: open-redirect the URL itself is the request's


def rebuilt_host(request):
    parts = list(urlsplit(reverse("items")))
    parts[1] = request.GET["host"]
    return HttpResponseRedirect(urlunsplit(parts))  # vuln: open-redirect the host is the request's


def rebuilt_tuple(request):
    target = urlunsplit(("https", request.GET["host"], "/done", "", ""))
    return HttpResponseRedirect(target)  # vuln: open-redirect a host written into the parts


def search_elsewhere(request):
    target = urlunsplit(("https", "search.example.com", "/find", urlencode({"q": request.GET["q"]}), ""))
    return HttpResponseRedirect(target)  # safe: open-redirect fixed host and path, the request in the query
