# A task runner's API: it runs the command line its caller gives, as a shell does; commands it builds from
# its parameters are its own.
import os
import subprocess


class Runner:
    def __init__(self, shell="/bin/bash"):
        self.shell = shell

    def run(self, command, env=None):
        return subprocess.Popen(command, shell=True, executable=self.shell, env=env)  # safe: command-injection the caller's own command

    def run_program(self, program):
        return subprocess.call(program)  # safe: command-injection the caller's own program

    def sudo(self, command, user):
        return subprocess.Popen("sudo -u %s %s" % (user, command), shell=True)  # vuln: command-injection user name built in


def system(command):
    return os.system(command)  # safe: command-injection the caller's own command


def remote(host, command):
    return os.system("ssh " + host + " " + command)  # vuln: command-injection host built in


# A toolkit's binding to an external trainer: the binary its user configured, then the arguments a caller passes.
_trainer_bin = None


def config_trainer(bin=None):
    global _trainer_bin
    _trainer_bin = bin or "trainer"


def call_trainer(args):
    cmd = [_trainer_bin] + args
    return subprocess.Popen(cmd, stdout=subprocess.PIPE).communicate()  # safe: command-injection arguments after a configured program


def call_trainer_shell(args):
    cmd = ["sh", "-c"] + args
    return subprocess.Popen(cmd).communicate()  # vuln: command-injection a shell after all


# A command line split into words as a shell would: still the caller's command; one the function writes around a
# caller's value is the function's.
import shlex  # noqa: E402


def run_command_with_process(cmd):
    is_win = os.name == "nt"
    with subprocess.Popen(shlex.split(cmd, posix=not is_win), shell=is_win) as proc:  # safe: command-injection the caller's command line split
        proc.wait()


def run_lerna(concurrency, scope):
    cmd = shlex.split(f"npx lerna exec --concurrency {concurrency} --scope='{scope}' -- npm run build")
    with subprocess.Popen(cmd, shell=os.name == "nt") as proc:  # vuln: command-injection a scope written into the command line
        proc.wait()
