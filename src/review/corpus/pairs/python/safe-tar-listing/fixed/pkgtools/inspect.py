"""Reports what a source distribution contains and keeps its PKG-INFO under a fixed name."""
import os
import tarfile

REPORTS = os.path.join(os.path.dirname(__file__), "reports")


def _report(sdist):
    total = 0
    with tarfile.open(sdist, "r:gz") as tar:
        for member in tar.getmembers():
            total += member.size
            print(f"{member.size:>10}  {member.name}")  # safe: path-traversal member name only printed
        info = next((m for m in tar.getmembers() if m.name.endswith("/PKG-INFO")), None)
        if info is not None:
            with open(os.path.join(REPORTS, "PKG-INFO"), "wb") as out:  # safe: path-traversal fixed file name
                out.write(tar.extractfile(info).read())
    return total
