from django.http import JsonResponse

from .models import Product


def search(request):
    name = request.GET.get("name", "")
    products = Product.objects.extra(where=["name = '%s'" % name])  # vuln: sql-injection
    return JsonResponse({"count": products.count()})
