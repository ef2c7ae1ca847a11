import os
import re


def validate_key_name(name):
    if not re.fullmatch(r"[\w:.-]+", name):
        raise ValueError("invalid key name")


def flush_key(name):
    validate_key_name(name)
    os.system("redis-cli DEL " + name)  # safe: command-injection validated then raise
