import re
import subprocess

HOST = re.compile(r"[A-Za-z0-9.-]+")


def ping(host, count=1):
    if not HOST.fullmatch(host):
        raise ValueError("invalid host")
    return subprocess.run("ping -c %d %s" % (int(count), host), shell=True, capture_output=True)  # safe: command-injection allow-list then raise
