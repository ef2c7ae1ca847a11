# Archive members' names are chosen by whoever made the archive (zip slip): joined under a directory and written,
# they can land outside it. zipfile's own extract/extractall clean names; tarfile's filters check them.
import os
import shutil
import subprocess
import tarfile
import zipfile

OUT = "/srv/unpacked"


def _tar_loop(path):
    with tarfile.open(path) as tar:
        for member in tar:
            with open(os.path.join(OUT, member.name), "wb") as fh:  # vuln: path-traversal
                fh.write(tar.extractfile(member).read())


def _tar_names(path):
    tar = tarfile.open(path)
    for name in tar.getnames():
        os.remove(os.path.join(OUT, name))  # vuln: path-traversal


def _tar_filtered(path):
    with tarfile.open(path) as tar:
        for member in tar.getmembers():
            member = tarfile.data_filter(member, OUT)
            with open(os.path.join(OUT, member.name), "wb") as fh:  # safe: path-traversal data_filter
                fh.write(tar.extractfile(member).read())


def _tar_sizes(path):
    with tarfile.open(path) as tar:
        for member in tar.getmembers():
            with open(os.path.join(OUT, "sizes.txt"), "a") as fh:  # safe: path-traversal fixed file name
                fh.write(f"{member.name} {member.size}\n")


def _zip_infolist(path):
    with zipfile.ZipFile(path) as zf:
        for info in zf.infolist():
            target = os.path.join(OUT, info.filename)
            shutil.rmtree(target)  # vuln: path-traversal


def _zip_basename(path):
    with zipfile.ZipFile(path) as zf:
        for name in zf.namelist():
            with open(os.path.join(OUT, os.path.basename(name)), "wb") as fh:  # safe: path-traversal basename
                fh.write(zf.read(name))


def _zip_checked(path):
    root = os.path.realpath(OUT)
    with zipfile.ZipFile(path) as zf:
        for name in zf.namelist():
            target = os.path.realpath(os.path.join(root, name))
            if not target.startswith(root + os.sep):
                continue
            with open(target, "wb") as fh:  # safe: path-traversal containment check
                fh.write(zf.read(name))


def _zip_allowed(path):
    with zipfile.ZipFile(path) as zf:
        for name in zf.namelist():
            if name not in ("setup.cfg", "pyproject.toml"):
                continue
            with open(os.path.join(OUT, name), "wb") as fh:  # safe: path-traversal allow-list
                fh.write(zf.read(name))


def _zip_command(path):
    with zipfile.ZipFile(path) as zf:
        for name in zf.namelist():
            subprocess.run(f"file {name}", shell=True)  # vuln: command-injection
            zf.extract(name, OUT)
