# A package module that does work when it is imported (reads its VERSION file, probes the installed
# tool once) and offers functions taking its callers' values: the import-time calls run fixed text,
# the public functions' parameters are still library input (confidence low).
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "VERSION")) as fh:  # safe: path-traversal module's own file
    __version__ = fh.read().strip()
GIT = subprocess.check_output("git --version", shell=True).decode()  # safe: command-injection constant


def archive(ref, dest):
    return subprocess.check_output("git archive %s -o %s" % (ref, dest), shell=True)  # vuln: command-injection


def archive_safe(ref, dest):
    return subprocess.check_output(["git", "archive", ref, "-o", dest])  # vuln: argument-injection no command runs, but an option can


def list_tags(pattern):
    out = subprocess.check_output(f"git tag -l {pattern}", shell=True)  # vuln: command-injection
    return out.decode().split()


class Repo:
    """Keeps its caller's checkout path for later calls: the field is library input in every public method."""

    def __init__(self, path, remote="origin"):
        self.path = path
        self.remote = remote
        self.git = "/usr/bin/git"

    def pull(self):
        return subprocess.check_output("cd %s && git pull %s" % (self.path, self.remote), shell=True)  # vuln: command-injection

    def pull_safe(self):
        return subprocess.check_output(["git", "-C", self.path, "pull", self.remote])  # vuln: argument-injection no command runs, but an option can

    def version(self):
        return subprocess.check_output(self.git + " --version", shell=True)  # safe: command-injection field set to a constant
