import datetime
import os

BACKUP_DIR = os.environ.get("BACKUP_DIR", "/var/backups/pg")


def backup_database(name):
    stamp = datetime.datetime.utcnow().strftime("%Y%m%d%H%M%S")
    target = os.path.join(BACKUP_DIR, f"{name}-{stamp}.sql")
    if os.system(f"pg_dump --no-owner {name} > {target}") != 0:
        raise RuntimeError(f"backup of {name} failed")
    return target
