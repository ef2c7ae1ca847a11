from django.http import JsonResponse

from .models import Book


def books_by_author(request):
    author = request.GET.get("author", "")
    books = Book.objects.raw("SELECT * FROM library_book WHERE author = '%s' ORDER BY year" % author)
    return JsonResponse({"books": [{"title": b.title, "year": b.year} for b in books]})
