"""Unpacks exported project archives. zipfile's extract and extractall drop absolute prefixes and `..` themselves."""
import os
import zipfile

EXPORTS = "/srv/exports"


def _unpack_export(archive_name):
    dest = os.path.join(EXPORTS, "unpacked", os.path.splitext(os.path.basename(archive_name))[0])
    with zipfile.ZipFile(os.path.join(EXPORTS, archive_name)) as zf:
        zf.extractall(dest)  # safe: path-traversal zipfile sanitizes member names
    return dest


def _unpack_readme(archive_name, dest):
    with zipfile.ZipFile(os.path.join(EXPORTS, archive_name)) as zf:
        for name in zf.namelist():
            if name.lower().endswith("readme.md"):
                return zf.extract(name, dest)  # safe: path-traversal zipfile sanitizes member names
    return None
