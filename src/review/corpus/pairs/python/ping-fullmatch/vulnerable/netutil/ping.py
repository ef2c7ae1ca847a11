import subprocess


def ping(host, count=1):
    return subprocess.run("ping -c %d %s" % (count, host), shell=True, capture_output=True)  # vuln: command-injection
