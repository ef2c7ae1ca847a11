# Report views of a Django app that drop to SQL: raw(), extra() and RawSQL take SQL text; their params are bound.
from django.db.models import F
from django.db.models.expressions import RawSQL
from django.http import JsonResponse

from .models import Order


def by_customer(request):
    name = request.GET.get("customer", "")
    rows = Order.objects.extra(where=["customer = '%s'" % name])  # vuln: sql-injection
    safe = Order.objects.extra(where=["customer = %s"], params=[name])  # safe: sql-injection bound parameter
    return JsonResponse({"n": rows.count() + safe.count()})


def ranked(request):
    field = request.GET.get("field", "total")
    rows = Order.objects.annotate(rank=RawSQL("SELECT COUNT(*) FROM app_order o WHERE o." + field + " > 0", []))  # vuln: sql-injection
    fixed = Order.objects.annotate(rank=RawSQL("SELECT COUNT(*) FROM app_order o WHERE o.total > %s", [request.GET.get("min", 0)]))  # safe: sql-injection bound parameter
    return JsonResponse({"n": rows.count() + fixed.count()})


def latest(request):
    rows = Order.objects.order_by(F("created").desc())[: int(request.GET.get("n", 10))]
    return JsonResponse({"ids": [o.id for o in rows]})
