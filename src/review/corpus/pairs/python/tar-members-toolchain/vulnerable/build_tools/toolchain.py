"""Fetches the pinned toolchain tarball for the build and unpacks its regular files into the cache."""
import hashlib
import io
import os
import shutil
import tarfile
import urllib.request

TOOLCHAIN_URL = "https://downloads.example.com/toolchain/{version}/toolchain-linux-x64.tar.xz"
CACHE = os.path.join(os.path.dirname(__file__), ".cache", "toolchain")


def _download(version, sha256):
    with urllib.request.urlopen(TOOLCHAIN_URL.format(version=version)) as resp:
        data = resp.read()
    if hashlib.sha256(data).hexdigest() != sha256:
        raise RuntimeError("toolchain checksum mismatch")
    return data


def _unpack(data, dest):
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:xz") as tar:
        for member in tar:
            if not member.isfile():
                continue
            target = os.path.join(dest, member.name)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with tar.extractfile(member) as src, open(target, "wb") as out:  # vuln: path-traversal
                shutil.copyfileobj(src, out)
            os.chmod(target, member.mode & 0o755)


def _ensure(version="14.2.0", sha256="0" * 64):
    dest = os.path.join(CACHE, version)
    if not os.path.isdir(dest):
        _unpack(_download(version, sha256), dest)
    return dest
