# An archive extractor in a package's public module: entries resolved under the destination and refused when they
# leave it; the destination itself counts as inside.
import os


def extract_to(entries, dest):
    root = os.path.realpath(dest)
    for name, data in entries:
        out = os.path.realpath(os.path.join(root, name))
        if out != root and not out.startswith(root + os.sep):
            raise ValueError("entry outside the destination: " + name)
        with open(out, "wb") as f:  # safe: path-traversal containment check or the base itself
            f.write(data)


def extract_unchecked(entries, dest):
    root = os.path.realpath(dest)
    for name, data in entries:
        out = os.path.realpath(os.path.join(root, name))
        if out != root and not dest.startswith(root):
            raise ValueError("bad destination")
        with open(out, "wb") as f:  # vuln: path-traversal
            f.write(data)
