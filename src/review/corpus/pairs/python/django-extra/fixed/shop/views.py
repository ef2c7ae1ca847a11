from django.http import JsonResponse

from .models import Product


def search(request):
    name = request.GET.get("name", "")
    products = Product.objects.filter(name=name)  # safe: sql-injection orm filter
    return JsonResponse({"count": products.count()})
