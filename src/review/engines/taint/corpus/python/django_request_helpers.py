# Django views handing the request whole to their helpers: what the server set on it (the session, the user)
# is as much the server's in the helper as in the view; what the client sent is the client's wherever it is read.
from django.db import connection
from django.http import HttpResponse, JsonResponse
from django.utils.module_loading import import_string

PAYMENT_BACKENDS = {"card": "shop.payments.CardBackend", "invoice": "shop.payments.InvoiceBackend"}


def _cart_backend(request):
    return import_string(request.session["cart_backend"])  # safe: unsafe-reflection the session is the server's


def _owner_rows(request):
    with connection.cursor() as cursor:
        cursor.execute("SELECT id FROM orders WHERE owner = '%s'" % request.user.username)  # safe: sql-injection the authenticated user
        return cursor.fetchall()


def _search_rows(request):
    with connection.cursor() as cursor:
        cursor.execute("SELECT id FROM orders WHERE sku LIKE '%%%s%%'" % request.GET["q"])  # vuln: sql-injection
        return cursor.fetchall()


def _backend_from_query(request):
    return import_string(request.GET["backend"])  # vuln: unsafe-reflection


def _copy_then_read(request):
    req = request
    return import_string(req.session["cart_backend"])  # safe: unsafe-reflection the session through another name


def is_registered_backend(name):
    return name in PAYMENT_BACKENDS.values()


def _checked_backend(request):
    name = request.POST["backend"]
    if is_registered_backend(name):
        return import_string(name)  # safe: unsafe-reflection a registered name
    return None


def orders(request):
    backend = _cart_backend(request)
    mine = _owner_rows(request)
    found = _search_rows(request)
    chosen = _backend_from_query(request)
    again = _copy_then_read(request)
    checked = _checked_backend(request)
    return JsonResponse({"mine": len(mine), "found": len(found), "backend": str(backend), "chosen": str(chosen), "again": str(again), "checked": str(checked)})


def status(request):
    return HttpResponse("ok")
