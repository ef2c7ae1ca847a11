"""Restores the newest notebook backup: every file of the zip goes back under the workspace, existing files are replaced."""
import os
import shutil
import sys
import zipfile

WORKSPACE = os.environ.get("NOTES_HOME", os.path.expanduser("~/notes"))
BACKUPS = os.path.join(WORKSPACE, ".backups")


def restore_latest():
    backups = sorted(f for f in os.listdir(BACKUPS) if f.endswith(".zip"))
    if not backups:
        return 0
    restored = 0
    with zipfile.ZipFile(os.path.join(BACKUPS, backups[-1])) as zf:
        for name in zf.namelist():
            if name.endswith("/"):
                continue
            target = os.path.join(WORKSPACE, name)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with zf.open(name) as src, open(target, "wb") as dst:  # vuln: path-traversal
                shutil.copyfileobj(src, dst)
            restored += 1
    return restored


if __name__ == "__main__":
    print(f"{restore_latest()} files restored")
