import re

_VERSION = re.compile(r"^(\d+\.?)+(rc\d+)?$")


def parse_version(text):
    text = text.strip()
    if not _VERSION.match(text):
        raise ValueError("bad version: %r" % text)
    core = text.split("rc")[0]
    return tuple(int(p) for p in core.split(".") if p)
