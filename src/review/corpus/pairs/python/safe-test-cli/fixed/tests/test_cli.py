import subprocess
import sys


def run_cli(*args):
    cmd = "%s -m mytool %s" % (sys.executable, " ".join(args))
    return subprocess.check_output(cmd, shell=True, text=True)  # safe: command-injection test helper


def test_version():
    assert run_cli("--version").startswith("mytool")
