import os
import tarfile

PLUGIN_DIR = os.path.expanduser("~/.plugin-host/plugins")


def install_archive(archive_path, name):
    dest = os.path.join(PLUGIN_DIR, name)
    os.makedirs(dest, exist_ok=True)
    with tarfile.open(archive_path, "r:*") as tar:
        root = os.path.realpath(dest)
        for member in tar.getmembers():
            target = os.path.realpath(os.path.join(root, member.name))
            if os.path.commonpath([root, target]) != root or member.issym() or member.islnk():
                raise ValueError("unsafe path in archive: %s" % member.name)
        tar.extractall(dest)
    return dest
