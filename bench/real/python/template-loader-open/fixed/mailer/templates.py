import os
import string

TEMPLATE_DIR = os.path.join(os.path.dirname(__file__), "templates")


def load_template(name):
    if os.path.isabs(name) or ".." in name.replace("\\", "/").split("/"):
        raise ValueError("invalid template name: %r" % name)
    with open(os.path.join(TEMPLATE_DIR, name + ".txt"), encoding="utf-8") as fh:
        return string.Template(fh.read())


def render(name, **values):
    return load_template(name).safe_substitute(values)
