import os


def to_png(path):
    os.system("convert %s %s.png" % (path, path))  # vuln: command-injection
