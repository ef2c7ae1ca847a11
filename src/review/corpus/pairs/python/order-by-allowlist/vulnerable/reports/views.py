from django.db import connection
from django.http import JsonResponse


def report(request):
    sort = request.GET.get("sort", "created")
    with connection.cursor() as cur:
        cur.execute("SELECT id, total FROM invoices ORDER BY %s" % sort)  # vuln: sql-injection
        rows = cur.fetchall()
    return JsonResponse({"rows": rows})
