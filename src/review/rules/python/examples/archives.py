import io
import os
import tarfile
import zipfile


def install_release(data, dest):
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        tar.extractall(dest)  # expect: py.tarfile-extract-unfiltered


def install_release_filtered(data, dest):
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        tar.extractall(dest, filter="data")  # ok: py.tarfile-extract-unfiltered


def install_release_trusted(data, dest):
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        tar.extractall(dest, filter="fully_trusted")  # expect: py.tarfile-extract-unfiltered


def unpack_inline(path, dest):
    tarfile.open(path).extractall(path=dest)  # expect: py.tarfile-extract-unfiltered


def unpack_assigned(path, dest):
    archive = tarfile.open(path, "r:*")
    archive.extract("setup.py", dest)  # expect: py.tarfile-extract-unfiltered
    archive.close()


def unpack_handed(tar, dest):
    names = tar.getnames()
    tar.extractall(dest)  # expect: py.tarfile-extract-unfiltered
    return names


def _within(base, target):
    base = os.path.realpath(base)
    return os.path.commonpath([base, os.path.realpath(target)]) == base


def unpack_checked(tar, dest):
    for member in tar.getmembers():
        if not _within(dest, os.path.join(dest, member.name)):
            raise tarfile.TarError("member outside the destination: " + member.name)
    tar.extractall(dest)  # ok: py.tarfile-extract-unfiltered


def unpack_selected(path, dest):
    with tarfile.open(path) as tar:
        safe = [m for m in tar.getmembers() if _within(dest, os.path.join(dest, m.name))]
        tar.extractall(dest, members=[m for m in safe if m.isfile()])  # ok: py.tarfile-extract-unfiltered


def unpack_one(path, dest, name):
    with tarfile.open(path) as tar:
        member = tar.getmember(name)
        if _within(dest, os.path.join(dest, member.name)):
            tar.extract(member, dest)  # ok: py.tarfile-extract-unfiltered


def unpack_files(path, dest):
    with tarfile.open(path) as tar:
        for member in tar.getmembers():
            if member.isfile():
                tar.extract(member, dest)  # expect: py.tarfile-extract-unfiltered


def unpack_zip(path, dest):
    with zipfile.ZipFile(path) as zf:
        zf.extractall(dest)  # ok: py.tarfile-extract-unfiltered
        zf.extract("README", dest)  # ok: py.tarfile-extract-unfiltered
