# A migrations package: names reduced to slugs before they name files or tags, and its command line.
import argparse
import os
import re
import subprocess


class MigrationWriter:
    def __init__(self, directory):
        self.directory = directory

    def write(self, name, body):
        slug = re.sub(r"[^\w]+", "_", name.strip()).strip("_").lower()
        path = os.path.join(self.directory, "%s.py" % slug)
        with open(path, "w") as fh:  # safe: path-traversal negated allow-list substitution
            fh.write(body)

    def write_nested(self, name, body):
        slug = re.sub(r"[^\w./]+", "_", name)
        with open(os.path.join(self.directory, slug), "w") as fh:  # vuln: path-traversal slash kept
            fh.write(body)

    def write_spaced(self, name, body):
        slug = re.sub(r"\s+", "_", name)
        with open(os.path.join(self.directory, slug + ".py"), "w") as fh:  # vuln: path-traversal whitespace only
            fh.write(body)

    def write_marked(self, name, body):
        slug = re.sub(r"[^\w-]", "/", name)
        with open(os.path.join(self.directory, slug + ".py"), "w") as fh:  # vuln: path-traversal replaced by a slash
            fh.write(body)

    def tag(self, name):
        label = re.sub(r"[^a-z0-9-]", "", name.lower())
        subprocess.run("git tag v" + label, shell=True, check=True)  # safe: command-injection negated allow-list substitution


def main(argv=None):
    parser = argparse.ArgumentParser(prog="migrate")
    parser.add_argument("--config", default="migrate.ini")
    parser.add_argument("--remote", default="origin")
    args = parser.parse_args(argv)
    with open(os.path.join(os.getcwd(), args.config)) as fh:  # safe: path-traversal a command line names its own files
        settings = fh.read()
    subprocess.run("git fetch " + args.remote, shell=True, check=True)  # vuln: command-injection
    return settings
