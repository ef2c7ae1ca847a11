"""Django views for an admin toolbox: commands, XPath lookups in catalogues, files under a base."""
import os
import subprocess
from pathlib import Path

import elementpath
from django.http import HttpResponse, JsonResponse
from lxml import etree

BASE = Path("/srv/catalogues")
CATALOGUE = etree.parse(str(BASE / "catalogue.xml"))


def ping(request):
    host = request.GET["host"]
    subprocess.run(["sh", "-c", "ping -c 1 " + host])  # vuln: command-injection
    subprocess.run(["ping", "-c", "1", host])  # safe: command-injection argument list
    out = subprocess.check_output(["/bin/bash", "-c", f"dig +short {host}"])  # vuln: command-injection
    out = subprocess.check_output(["dig", "+short", host], text=True)  # safe: command-injection argument list
    args = ["traceroute", "-m", "10", host]
    subprocess.Popen(args)  # safe: command-injection argument list
    tool = request.GET["tool"]
    subprocess.run([tool, "--version"])  # vuln: command-injection
    subprocess.run(["nslookup", host], shell=False)  # safe: command-injection argument list
    return JsonResponse({"out": out})


def book_by_title(request):
    title = request.GET["title"]
    find = etree.XPath("//book[title='" + title + "']")  # vuln: xpath-injection
    books = find(CATALOGUE)
    by_var = etree.XPath("//book[title=$t]")  # safe: xpath-injection parameterized
    books = by_var(CATALOGUE, t=title)
    quoted = title.replace("'", "&apos;")
    CATALOGUE.xpath("//book[title='" + quoted + "']")  # safe: xpath-injection sanitized
    CATALOGUE.xpath("//book[title='" + title.replace("'", "") + "x']")  # vuln: xpath-injection
    return JsonResponse({"n": len(books)})


def author_books(request):
    author = request.GET["author"]
    root = CATALOGUE.getroot()
    found = elementpath.select(root, "//book[author='" + author + "']")  # vuln: xpath-injection
    found = elementpath.select(root, "//book[author=$a]", variables={"a": author})  # safe: xpath-injection parameterized
    found = elementpath.select(root, "//book[author='%s']" % author.replace("'", "&apos;"))  # safe: xpath-injection sanitized
    return JsonResponse({"n": len(found)})


def read_catalogue(request):
    name = request.GET["name"]
    text = (BASE / name).read_text()  # vuln: path-traversal
    safe_text = (BASE / os.path.basename(name)).read_text()  # safe: path-traversal sanitized
    fixed = (BASE / "index.xml").read_text()  # safe: path-traversal constant
    data = Path(BASE, name).read_bytes()  # vuln: path-traversal
    listing = [p.name for p in BASE.iterdir()]  # safe: path-traversal constant
    return HttpResponse(len(text) + len(fixed) + len(data) + len(listing) + len(safe_text))


def delete_catalogue(request):
    name = request.POST["name"]
    if name not in {"old.xml", "draft.xml"}:
        return HttpResponse(status=400)
    (BASE / name).unlink()  # safe: path-traversal allow-list
    target = BASE / "trash" / request.POST["other"]
    target.write_text("")  # vuln: path-traversal
    (BASE / "trash" / "marker").write_text(name)  # safe: path-traversal constant
    return HttpResponse("deleted")
