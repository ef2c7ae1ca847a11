# A development server's reloader and a wrapper CLI: the process's own arguments handed on to a program run
# without a shell are the arguments it was given; a shell or a command string still parses them.
import os
import subprocess
import sys


def restart_with_reloader():
    args = [sys.executable] + sys.argv
    new_environ = os.environ.copy()
    new_environ["RUN_MAIN"] = "true"
    return subprocess.call(args, env=new_environ, close_fds=False)  # safe: command-injection reloader re-runs its own arguments


def child_arguments():
    rv = [sys.executable]
    rv.extend(sys.argv[1:])
    return rv


def restart_from_helper():
    return subprocess.run(child_arguments(), check=True)  # safe: command-injection its own arguments through a helper


def timed_main():
    command = sys.argv[1:]
    started = subprocess.Popen(command)  # safe: command-injection a wrapper runs the command it was given
    return started.wait()


def archive_main():
    target = sys.argv[1]
    os.system("tar czf backup.tgz " + target)  # vuln: command-injection a shell parses the argument
    subprocess.run("gzip -k %s" % target, shell=True)  # vuln: command-injection shell=True string
    subprocess.run(["sh", "-c", "du -sh " + target])  # vuln: command-injection a shell's command string built from it
