from django.http import HttpResponse


def welcome(request):
    name = request.GET.get("name", "visitor")
    return HttpResponse("<p>Welcome, " + name + "!</p>")
