import shlex
import subprocess


def clone(repo_url, dest, branch="main"):
    cmd = "git clone --depth 1 -b %s -- %s %s" % (shlex.quote(branch), shlex.quote(repo_url), shlex.quote(dest))
    rc = subprocess.call(cmd, shell=True)
    if rc:
        raise RuntimeError("git clone failed (%d)" % rc)
