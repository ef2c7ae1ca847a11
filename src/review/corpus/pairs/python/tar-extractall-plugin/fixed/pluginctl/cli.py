"""pluginctl install <name>: downloads a plugin release and unpacks it into the plugins directory."""
import argparse
import io
import os
import tarfile
import urllib.request

INDEX = "https://plugins.example.org/releases"
PLUGINS = os.path.expanduser("~/.local/share/app/plugins")


def _fetch(name, version):
    with urllib.request.urlopen(f"{INDEX}/{name}-{version}.tar.gz") as resp:
        return resp.read()


def _install(name, version):
    data = _fetch(name, version)
    dest = os.path.join(PLUGINS, name)
    os.makedirs(dest, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        # Python 3.12+: refuse absolute names, `..`, links out of dest and device files.
        tar.extractall(dest, filter="data")  # safe: path-traversal data filter
    print(f"installed {name} {version} into {dest}")


def main(argv=None):
    parser = argparse.ArgumentParser(prog="pluginctl")
    sub = parser.add_subparsers(dest="cmd", required=True)
    inst = sub.add_parser("install")
    inst.add_argument("name")
    inst.add_argument("--version", default="latest")
    args = parser.parse_args(argv)
    if args.cmd == "install":
        _install(args.name, args.version)


if __name__ == "__main__":
    main()
