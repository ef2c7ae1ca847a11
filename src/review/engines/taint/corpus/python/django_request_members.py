"""Django views of a team wiki: what the server sets on the request (the signed-in user, the session, the
validated host, the scheme) beside what the client sends."""
import logging

from django.http import HttpResponse, HttpResponsePermanentRedirect, HttpResponseRedirect
from django.views import View

log = logging.getLogger(__name__)


def remember_page(request):
    request.session["owner"] = request.user.pk  # safe: trust-boundary the signed-in user is the server's
    request.session["last_seen"] = request.session.get("current")  # safe: trust-boundary the session's own value
    request.session["page"] = request.GET.get("page")  # vuln: trust-boundary
    return HttpResponse("ok")


def force_https(request):
    if not request.is_secure():
        host = request.get_host()
        return HttpResponsePermanentRedirect("https://%s%s" % (host, request.get_full_path()))  # safe: open-redirect host validated by ALLOWED_HOSTS
    return HttpResponse("ok")


def mirror(request):
    target = request.GET.get("mirror", "")
    return HttpResponseRedirect("%s://%s/" % (request.scheme, target))  # vuln: open-redirect


def same_scheme(request, slug):
    base = "%s://%s" % (request.scheme, request.get_host())
    return HttpResponseRedirect(base + "/wiki/")  # safe: open-redirect scheme and validated host


def audit(request):
    log.info("viewed by " + request.user.username)  # safe: log-injection the account's validated name
    log.info("viewed with " + request.GET.get("ref", ""))  # vuln: log-injection
    return HttpResponse("ok")


class PageHistory(View):
    def get(self, request, *args, **kwargs):
        self.request.session["history_owner"] = self.request.user.pk  # safe: trust-boundary the signed-in user is the server's
        self.request.session["filter"] = self.request.GET.get("filter")  # vuln: trust-boundary
        return HttpResponse("ok")


def canonical(request, path):
    from django.contrib.sites.shortcuts import get_current_site

    domain = get_current_site(request).domain
    return HttpResponseRedirect("%s://%s/%s" % (request.scheme, domain, path))  # safe: open-redirect the site's own domain


def item_page(request):
    from django.conf import settings

    item = request.GET.get("item", "")
    return HttpResponseRedirect("https://%s/items/%s" % (settings.SHOP_HOST, item))  # safe: open-redirect the host is the settings', item follows a slash


def item_page_joined(request):
    from django.conf import settings

    item = request.GET.get("item", "")
    return HttpResponseRedirect("https://%s%s" % (settings.SHOP_HOST, item))  # vuln: open-redirect


def item_page_percent(request):
    item = request.GET.get("item", "")
    return HttpResponseRedirect("https://shop.example/%d%%/%s" % (50, item))  # safe: open-redirect fixed host
