import os
import tarfile

PLUGIN_DIR = os.path.expanduser("~/.plugin-host/plugins")


def install_archive(archive_path, name):
    dest = os.path.join(PLUGIN_DIR, name)
    os.makedirs(dest, exist_ok=True)
    with tarfile.open(archive_path, "r:*") as tar:
        tar.extractall(dest)
    return dest
