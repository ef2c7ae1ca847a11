import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
docs_dir = os.path.join(HERE, "docs")
version = open(os.path.join(HERE, "VERSION")).read().strip()


def build_docs():
    subprocess.check_call("sphinx-build -b html %s %s/_build" % (docs_dir, docs_dir), shell=True)  # safe: command-injection module constants


def tag():
    os.system("git tag -a v%s -m 'release %s'" % (version, version))  # safe: command-injection version file of the project


def clean():
    for d in ("build", "dist", ".eggs"):
        os.system("rm -rf " + os.path.join(HERE, d))  # safe: command-injection constant loop


if __name__ == "__main__":
    {"docs": build_docs, "tag": tag, "clean": clean}[sys.argv[1]]()
