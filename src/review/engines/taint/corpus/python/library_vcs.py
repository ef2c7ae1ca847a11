# A mirror tool's helpers: they run git and ssh without a shell, with the caller's URL, host and path among the
# arguments. A value that starts with `-` is read as an option, and some options run commands.
import re
import subprocess

HOST = re.compile(r"[A-Za-z0-9.-]+")


def mirror(url, dest):
    subprocess.check_call(["git", "clone", "--mirror", url, dest])  # vuln: argument-injection


def mirror_operands(url, dest):
    subprocess.check_call(["git", "clone", "--mirror", "--", url, dest])  # safe: argument-injection operands after --


def remote_disk_usage(host):
    return subprocess.check_output(["ssh", host, "df", "-h"])  # vuln: argument-injection


def remote_disk_usage_checked(host):
    if not HOST.fullmatch(host) or host.startswith("-"):
        raise ValueError("bad host")
    return subprocess.check_output(["ssh", host, "df", "-h"])  # safe: argument-injection allow-list then raise


def tag(name):
    if name.startswith("-"):
        raise ValueError("a tag name cannot start with a dash")
    subprocess.run(["git", "tag", name], check=True)  # safe: argument-injection rejected leading dash
