import os
import shlex


def to_png(path):
    quoted = shlex.quote(path)
    os.system("convert %s %s.png" % (quoted, quoted))  # safe: command-injection shlex.quote
