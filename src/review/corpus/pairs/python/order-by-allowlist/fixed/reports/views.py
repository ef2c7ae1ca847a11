from django.db import connection
from django.http import HttpResponseBadRequest, JsonResponse

SORTS = {"created", "total", "id"}


def report(request):
    sort = request.GET.get("sort", "created")
    if sort not in SORTS:
        return HttpResponseBadRequest("bad sort")
    with connection.cursor() as cur:
        cur.execute("SELECT id, total FROM invoices ORDER BY %s" % sort)  # safe: sql-injection allow-list then return
        rows = cur.fetchall()
    return JsonResponse({"rows": rows})
