import os

TEMPLATE_DIR = os.path.join(os.path.dirname(__file__), "templates")


def load_template(name):
    with open(os.path.join(TEMPLATE_DIR, name)) as f:  # vuln: path-traversal
        return f.read()
