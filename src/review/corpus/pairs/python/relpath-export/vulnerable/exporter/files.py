import os


def export_file(export_root, name):
    src = os.path.join(export_root, name)
    with open(src, "rb") as f:  # vuln: path-traversal
        return f.read()
