# A Pyramid view module: its views take the request as a parameter, as Django's do.
import subprocess

from pyramid.response import Response
from pyramid.view import view_config


@view_config(route_name="ping")
def ping(request):
    host = request.params["host"]
    subprocess.run("ping -c 1 " + host, shell=True)  # vuln: command-injection
    subprocess.run(["ping", "-c", "1", host])  # safe: command-injection argument list
    return Response("ok")
