import os

TEMPLATE_DIR = os.path.realpath(os.path.join(os.path.dirname(__file__), "templates"))


def load_template(name):
    full = os.path.realpath(os.path.join(TEMPLATE_DIR, name))
    if os.path.commonpath([full, TEMPLATE_DIR]) != TEMPLATE_DIR:
        raise ValueError("template outside the template directory")
    with open(full) as f:  # safe: path-traversal realpath commonpath then raise
        return f.read()
