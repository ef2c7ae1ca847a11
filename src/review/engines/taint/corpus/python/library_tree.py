# A backup helper package: it reads every file under the directory its caller names. A listing's entries stay in
# the directory listed; a name the caller adds to a walked directory may climb out of it.
import hashlib
import os


def checksums(top):
    sums = {}
    for root, dirs, files in os.walk(top):
        for name in files:
            with open(os.path.join(root, name), "rb") as f:  # safe: path-traversal an entry of the walked tree
                sums[name] = hashlib.sha256(f.read()).hexdigest()
    return sums


def first_lines(folder):
    out = {}
    for entry in sorted(os.listdir(folder)):
        with open(os.path.join(folder, entry)) as f:  # safe: path-traversal an entry of the listed folder
            out[entry] = f.readline()
    return out


def restore(top, member, data):
    for root, dirs, files in os.walk(top):
        with open(os.path.join(root, member), "wb") as f:  # vuln: path-traversal
            f.write(data)


def save_manifest(top, sums):
    with open(os.path.join(top, "MANIFEST.sha256"), "w") as f:  # safe: path-traversal a fixed name in the caller's directory
        f.writelines(f"{digest}  {name}\n" for name, digest in sorted(sums.items()))


def previous_copy(path):
    with open(path + ".orig", "rb") as f:  # safe: path-traversal the caller's own file with a fixed suffix
        return f.read()


def sibling(path, suffix):
    with open(path + suffix, "rb") as f:  # vuln: path-traversal
        return f.read()


def read_config(path):
    path = os.path.abspath(os.path.expanduser(path))
    with open(path) as f:  # safe: path-traversal the caller's own file made absolute
        return f.read()


def read_dotfile(name):
    path = os.path.abspath(os.path.join(os.path.expanduser("~"), name))
    with open(path) as f:  # vuln: path-traversal
        return f.read()
