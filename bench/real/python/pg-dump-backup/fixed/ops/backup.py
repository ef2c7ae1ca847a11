import datetime
import os
import subprocess

BACKUP_DIR = os.environ.get("BACKUP_DIR", "/var/backups/pg")


def backup_database(name):
    stamp = datetime.datetime.utcnow().strftime("%Y%m%d%H%M%S")
    target = os.path.join(BACKUP_DIR, f"{name}-{stamp}.sql")
    if subprocess.call(["pg_dump", "--no-owner", "-f", target, "--", name]) != 0:
        raise RuntimeError(f"backup of {name} failed")
    return target
