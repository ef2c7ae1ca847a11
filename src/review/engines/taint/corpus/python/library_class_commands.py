# Wrappers around a program that keep their caller's values on the instance and build the command line in a helper
# method: `self.command()` returns what the method reads of `self`.
import shlex
import subprocess


class Archive:
    def __init__(self, path, level=6):
        self.path = path
        self.level = level
        self.tool = "7z"

    def command(self):
        return "%s a -mx=%s '%s'" % (self.tool, self.level, self.path)

    def quoted_command(self):
        return "%s a %s" % (self.tool, shlex.quote(self.path))

    def argv(self):
        return [self.tool, "a", self.path]

    def version_command(self):
        return self.tool + " --help"

    def create(self):
        return subprocess.check_output(self.command(), shell=True)  # vuln: command-injection the caller's path in a shell command

    def create_quoted(self):
        return subprocess.check_output(self.quoted_command(), shell=True)  # safe: command-injection the path is quoted

    def create_argv(self):
        return subprocess.check_output(self.argv())  # safe: command-injection an argument vector runs no shell

    def version(self):
        return subprocess.check_output(self.version_command(), shell=True)  # safe: command-injection the fixed tool only
