import os
import tarfile


def unpack(archive, dest):
    root = os.path.realpath(dest)
    with tarfile.open(archive) as tar:
        for member in tar.getmembers():
            target = os.path.realpath(os.path.join(root, member.name))
            if os.path.commonpath([root, target]) != root:
                raise ValueError("unsafe member " + member.name)
            with open(target, "wb") as out:  # safe: path-traversal realpath commonpath then raise
                out.write(tar.extractfile(member).read())
