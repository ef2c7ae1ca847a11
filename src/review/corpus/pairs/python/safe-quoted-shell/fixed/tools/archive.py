import shlex
import subprocess


def pack(directory, out):
    cmd = "tar czf %s -C %s ." % (shlex.quote(out), shlex.quote(directory))
    subprocess.run(cmd, shell=True, check=True)  # safe: command-injection shlex.quote


def tail(path, lines=20):
    return subprocess.check_output("tail -n %d %s" % (int(lines), shlex.quote(path)), shell=True)  # safe: command-injection int and shlex.quote
