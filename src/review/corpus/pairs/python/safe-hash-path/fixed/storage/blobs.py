import hashlib
import os

ROOT = "/var/lib/blobs"


def blob_path(content):
    digest = hashlib.sha256(content).hexdigest()
    return os.path.join(ROOT, digest[:2], digest)


def store(content):
    path = blob_path(content)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:  # safe: path-traversal digest name
        f.write(content)
    return path
