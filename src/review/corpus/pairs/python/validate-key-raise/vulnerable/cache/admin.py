import os


def flush_key(name):
    os.system("redis-cli DEL " + name)  # vuln: command-injection
