"""Downloads a dataset archive once and unpacks it next to the cache."""
import os
import tarfile
import urllib.request

DATA_HOME = os.environ.get("DATASETS", os.path.expanduser("~/.datasets"))
MIRROR = "https://data.example.net/sets/"


def _archive(name):
    path = os.path.join(DATA_HOME, name + ".tgz")
    if not os.path.exists(path):
        urllib.request.urlretrieve(MIRROR + name + ".tgz", path)
    return path


def _load(name):
    folder = os.path.join(DATA_HOME, name)
    if not os.path.isdir(folder):
        with tarfile.open(_archive(name), "r:gz") as tar:
            tar.extractall(path=folder)  # vuln: path-traversal
    return folder
