import subprocess


def current_commit(repo_dir):
    return subprocess.check_output("git rev-parse HEAD", shell=True, cwd=repo_dir).decode().strip()  # safe: command-injection constant


def last_commits(repo_dir, n=10):
    count = max(1, min(int(n), 100))
    return subprocess.check_output("git log --oneline -n %d" % count, shell=True, cwd=repo_dir)  # safe: command-injection number
