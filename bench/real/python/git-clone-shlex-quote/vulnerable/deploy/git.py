import subprocess


def clone(repo_url, dest, branch="main"):
    cmd = "git clone --depth 1 -b " + branch + " " + repo_url + " " + dest
    rc = subprocess.call(cmd, shell=True)
    if rc:
        raise RuntimeError("git clone failed (%d)" % rc)
