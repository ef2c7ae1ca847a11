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
