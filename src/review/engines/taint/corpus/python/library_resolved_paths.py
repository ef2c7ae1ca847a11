# An exporter embedding local files: each path resolved and checked to lie under its base, then the
# path as built opened (it names the same file), next to checks that leave nothing confined.
import logging
import os

log = logging.getLogger(__name__)


class Embedder:
    def __init__(self, path, cache):
        self.path = path
        self.cache = cache

    def embed(self, src):
        src_path = os.path.join(self.path, src)
        resolved = os.path.abspath(src_path)
        allowed_base = os.path.abspath(self.path)
        if not resolved.startswith(allowed_base + os.sep) and resolved != allowed_base:
            return None
        with open(src_path, "rb") as fh:  # safe: path-traversal resolved copy checked under the base
            return fh.read()

    def embed_real(self, src):
        src_path = os.path.join(self.path, src)
        real = os.path.realpath(src_path)
        if not real.startswith(os.path.realpath(self.path) + os.sep):
            raise ValueError(src)
        return open(src_path, "rb").read()  # safe: path-traversal real path checked under the base

    def embed_logged(self, src):
        src_path = os.path.join(self.path, src)
        resolved = os.path.abspath(src_path)
        if not resolved.startswith(os.path.abspath(self.path) + os.sep):
            log.warning("outside the notebook: %s", src)
        with open(src_path, "rb") as fh:  # vuln: path-traversal check only logs
            return fh.read()

    def embed_cached(self, src):
        src_path = os.path.join(self.path, src)
        resolved = os.path.abspath(src_path)
        if not resolved.startswith(os.path.abspath(self.path) + os.sep):
            return None
        with open(os.path.join(self.cache, src), "rb") as fh:  # vuln: path-traversal another path opened
            return fh.read()

    def embed_inline(self, src):
        src_path = os.path.join(self.path, src)
        if not os.path.normpath(src_path).startswith(os.path.abspath(self.path) + os.sep):
            raise ValueError(src)
        with open(src_path, "rb") as fh:  # safe: path-traversal normalized form checked inline
            return fh.read()

    def embed_inline_other(self, src, other):
        src_path = os.path.join(self.path, src)
        if not os.path.normpath(other).startswith(os.path.abspath(self.path) + os.sep):
            raise ValueError(src)
        with open(src_path, "rb") as fh:  # vuln: path-traversal another value checked
            return fh.read()


# A VCS library's refs: a containment check held in a variable (`common != base_path` raises), and a repository
# object's own directory read in a helper it is handed to.
def _validated_path(base, path):
    base_path = os.path.realpath(base)
    abs_path = os.path.realpath(os.path.join(base_path, path))
    common = os.path.commonpath([base_path, abs_path])
    if common != base_path:
        raise ValueError("path %r escapes the repository" % path)
    return abs_path


def delete_ref(git_dir, ref_path):
    os.remove(_validated_path(git_dir, ref_path))  # safe: path-traversal validated under the repository


def delete_ref_unchecked(git_dir, ref_path):
    os.remove(os.path.join(git_dir, ref_path))  # vuln: path-traversal a ref name joined under the repository


def _packed_refs_path(repo):
    return os.path.join(repo.common_dir, "packed-refs")


def read_packed_refs(repo):
    with open(_packed_refs_path(repo)) as fh:  # safe: path-traversal the repository's own directory
        return fh.read()


def read_named_ref(repo, name):
    with open(os.path.join(repo.common_dir, name)) as fh:  # vuln: path-traversal a name joined under it
        return fh.read()
