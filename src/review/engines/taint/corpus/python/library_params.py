# A plain Python package (a shell and database helper of a deployment tool): parameters of every
# shape a signature allows (*args, **kwargs, keyword-only, typed, defaulted), beside the fixed
# versions a maintainer would ship. All are library input (confidence low).
import os
import shlex
import subprocess
from typing import Optional, Sequence


def run(*args):
    return subprocess.call(" ".join(args), shell=True)  # vuln: command-injection


def run_argv(*args):
    return subprocess.call(list(args))  # safe: command-injection argument array


def run_in_shell(*args):
    return subprocess.call(["sh", "-c", " ".join(args)])  # vuln: command-injection


def run_quoted(*args):
    return subprocess.call(" ".join(shlex.quote(a) for a in args), shell=True)  # safe: command-injection quoted


def git(subcommand, *args: str, cwd=None):
    cmd = "git %s %s" % (subcommand, " ".join(args))
    return subprocess.check_output(cmd, shell=True, cwd=cwd)  # vuln: command-injection


def git_argv(subcommand, *args: str, cwd=None):
    return subprocess.check_output(["git", subcommand, *args], cwd=cwd)  # safe: command-injection argument array


def first_tag(*patterns):
    os.system("git tag -l " + patterns[0])  # vuln: command-injection


def kill(*pids: int):
    os.system("kill -9 %s" % " ".join(str(p) for p in pids))  # safe: command-injection typed number


def find_one(cur, **kw):
    cur.execute("SELECT * FROM hosts WHERE id = %s" % kw["id"])  # vuln: sql-injection
    return cur.fetchone()


def find_one_safe(cur, **kw):
    cur.execute("SELECT * FROM hosts WHERE id = %s", (kw["id"],))  # safe: sql-injection parameterized
    return cur.fetchone()


def update(cur, table, **fields):
    sets = ", ".join("%s = '%s'" % (k, v) for k, v in fields.items())
    cur.execute("UPDATE %s SET %s" % (table, sets))  # vuln: sql-injection


def update_safe(cur, **fields):
    sets = ", ".join("%s = ?" % k for k in fields if k in ("name", "port"))
    cur.execute("UPDATE hosts SET " + sets, tuple(fields[k] for k in fields if k in ("name", "port")))  # safe: sql-injection parameterized


def find_by(cur, **kw):
    cur.execute("SELECT * FROM hosts WHERE name = '{name}' AND port = {port}".format(**kw))  # vuln: sql-injection


def find_by_safe(cur, **kw):
    cur.execute("SELECT * FROM hosts WHERE name = %(name)s AND port = %(port)s", kw)  # safe: sql-injection parameterized


def set_columns(cur, host_id, **cols):
    for column, value in cols.items():
        cur.execute("UPDATE hosts SET %s = %%s WHERE id = %%s" % column, (value, host_id))  # vuln: sql-injection


def set_columns_checked(cur, host_id, **cols):
    for column, value in cols.items():
        if column not in ("name", "port"):
            raise KeyError(column)
        cur.execute("UPDATE hosts SET %s = %%s WHERE id = %%s" % column, (value, host_id))  # safe: sql-injection allow-list then raise


def deploy(*, host, branch="main"):
    os.system("ssh %s 'cd app && git checkout %s'" % (host, branch))  # vuln: command-injection


def deploy_argv(*, host, branch="main"):
    subprocess.run(["ssh", host, "cd app && git checkout " + shlex.quote(branch)], check=True)  # vuln: argument-injection no command runs, but an option can


def archive(name: str, fmt: str = "gztar") -> str:
    return subprocess.check_output("tar -caf %s.%s app/" % (name, fmt), shell=True)  # vuln: command-injection


def archive_checked(name: str, fmt: str = "gztar") -> str:
    if fmt not in ("gztar", "zip"):
        raise ValueError(fmt)
    return subprocess.check_output(["tar", "-caf", name + "." + fmt, "app/"])  # safe: command-injection argument array


def wait_port(port: Optional[int] = None, retries: int = 3):
    return os.system("nc -z localhost %d" % port)  # safe: command-injection typed number


def ping_all(hosts: Sequence[str], count=1):
    for h in hosts:
        os.system("ping -c %d %s" % (count, h))  # vuln: command-injection


def lookup(host, /, resolver="8.8.8.8"):
    return os.popen("dig @%s %s" % (resolver, host)).read()  # vuln: command-injection


def lookup_quoted(host, /, resolver="8.8.8.8"):
    return os.popen("dig @%s %s" % (shlex.quote(resolver), shlex.quote(host))).read()  # safe: command-injection quoted


class Command:
    """A callable command object: the constructor's and the call's arguments are the caller's."""

    def __init__(self, program, *args):
        subprocess.check_call("%s %s --version" % (program, " ".join(args)), shell=True)  # vuln: command-injection
        self.argv = [program, *args]

    def __call__(self, *more):
        return subprocess.check_output(" ".join(self.argv + list(more)), shell=True)  # vuln: command-injection

    def __helper(self, *more):
        return subprocess.check_output(" ".join(more), shell=True)  # safe: command-injection private method is no entry point


class SafeCommand:
    def __init__(self, program, *args):
        subprocess.check_call([program, *args, "--version"])  # safe: command-injection argument array
        self.argv = [program, *args]

    def __call__(self, *more):
        return subprocess.check_output(self.argv + list(more))  # safe: command-injection caller's argument vector without a shell


which = lambda name: os.popen("which " + name).read()  # vuln: command-injection

which_argv = lambda name: subprocess.check_output(["which", name])  # safe: command-injection argument array

_which = lambda name: os.popen("which " + name).read()  # safe: command-injection private name is no entry point


class Remote:
    def __init__(self, host: str):
        self.host = host

    @staticmethod
    def probe(addr):
        return os.system("ping -c 1 " + addr)  # vuln: command-injection

    @staticmethod
    def probe_argv(addr):
        return subprocess.call(["ping", "-c", "1", addr])  # safe: command-injection argument array

    @classmethod
    def connect(cls, user, *opts):
        os.system("ssh %s %s" % (" ".join(opts), user))  # vuln: command-injection

    async def exec(self, *argv, **env):
        return subprocess.run("ssh %s %s" % (self.host, " ".join(argv)), shell=True, env=env)  # vuln: command-injection

    async def exec_argv(self, *argv, **env):
        return subprocess.run(["ssh", self.host, "--", *map(shlex.quote, argv)], env=env)  # safe: command-injection argument array

    @property
    def uptime(self):
        return subprocess.check_output("uptime", shell=True)  # safe: command-injection constant

    def _raw(self, *argv):
        return os.system(" ".join(argv))  # safe: command-injection private method is no entry point
