from django.http import HttpResponse, HttpResponseRedirect
from django.db import connection
import subprocess


def search(request):
    q = request.GET.get("q", "")
    with connection.cursor() as cursor:
        cursor.execute("SELECT * FROM items WHERE name LIKE '%" + q + "%'")  # vuln: sql-injection
        cursor.execute("SELECT * FROM items WHERE name LIKE %s", ["%" + q + "%"])  # safe: sql-injection parameterized
    return HttpResponse("<p>Results for " + q + "</p>")  # vuln: xss


def export(request, fmt):
    subprocess.check_output("convert data." + request.POST["fmt"], shell=True)  # vuln: command-injection
    subprocess.check_output(["convert", "data." + request.POST["fmt"]])  # safe: command-injection argument list
    return HttpResponseRedirect(request.GET["next"])  # vuln: open-redirect


def helper(path):
    return open(path)  # safe: path-traversal parameter not from a framework


def people(request):
    from .models import Person

    rows = Person.objects.raw("SELECT * FROM people WHERE last_name = '" + request.GET["name"] + "'")  # vuln: sql-injection
    same = Person.objects.raw("SELECT * FROM people WHERE last_name = %s", [request.GET["name"]])  # safe: sql-injection parameterized
    return HttpResponse(len(list(rows)) + len(list(same)))
