# A package loading its own data files by a name its caller gives (a locale, a theme): a name that can climb out of
# the package's directory picks any file to unpickle; reduced to its last component, only the package's own files.
import os
import pickle

_dirname = os.path.join(os.path.dirname(__file__), "locale-data")


def load_unchecked(name):
    filename = os.path.join(_dirname, "%s.dat" % name)
    with open(filename, "rb") as fileobj:  # vuln: path-traversal the name climbs out of the directory
        return pickle.load(fileobj)  # vuln: deserialization a name with ../ picks the file unpickled


def load(name):
    filename = os.path.join(_dirname, "%s.dat" % os.path.basename(name))
    with open(filename, "rb") as fileobj:
        return pickle.load(fileobj)  # safe: deserialization only the package's own data files
