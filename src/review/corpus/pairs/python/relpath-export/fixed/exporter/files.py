import os


def export_file(export_root, name):
    src = os.path.abspath(os.path.join(export_root, name))
    rel = os.path.relpath(src, export_root)
    if rel.startswith(".."):
        raise ValueError("outside the export root")
    with open(src, "rb") as f:  # safe: path-traversal relpath then raise
        return f.read()
