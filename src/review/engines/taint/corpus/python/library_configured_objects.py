# Objects a package's caller configures: the paths they set are the caller's own (a cache, a build directory), and
# what is read there is theirs; an argument vector extended after its fixed program runs no shell; `**options` passed
# to a template class holds no template text.
import pickle
import subprocess

from mako.template import Template


class BuildCache:
    def __init__(self, directory, java_options=()):
        self.directory = directory
        self.java_options = list(java_options)
        self.template_args = {"strict_undefined": True}

    def _env_path(self):
        return self.directory + "/environment.pickle"

    def _load(self, filename):
        with open(filename, "rb") as f:
            return pickle.load(f)  # safe: deserialization the cache file under the directory the caller configured

    def environment(self):
        return self._load(self._env_path())

    def command(self, main_class):
        cmd = ["java"]
        cmd += self.java_options
        cmd += ["-cp", self.directory, main_class]
        return cmd

    def compile(self, main_class):
        return subprocess.run(self.command(main_class), check=True)  # safe: command-injection an argument vector after a fixed program

    def run_with(self, extra_args):
        cmd = ["java"]
        cmd += extra_args
        return subprocess.run(cmd, check=True)  # safe: command-injection the caller's arguments after a fixed program

    def shell_compile(self, main_class):
        return subprocess.run("java -cp " + self.directory + " " + main_class, shell=True)  # vuln: command-injection

    def page(self, uri, filename):
        return Template(uri=uri, filename=filename, **self.template_args)  # safe: code-injection a template file by name, no text

    def restore(self, blob):
        return pickle.loads(blob)  # vuln: deserialization the caller's bytes are unpickled
