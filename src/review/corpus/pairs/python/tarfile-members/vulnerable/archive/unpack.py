import os
import tarfile


def unpack(archive, dest):
    with tarfile.open(archive) as tar:
        for member in tar.getmembers():
            target = os.path.join(dest, member.name)
            with open(target, "wb") as out:  # vuln: path-traversal
                out.write(tar.extractfile(member).read())
