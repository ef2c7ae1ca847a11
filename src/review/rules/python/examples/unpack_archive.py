import shutil
import tempfile
from pathlib import Path
from shutil import unpack_archive


def install_plugin(upload, plugins_dir):
    with tempfile.NamedTemporaryFile(suffix=".tar.gz", delete=False) as tmp:
        upload.save(tmp)
    shutil.unpack_archive(tmp.name, plugins_dir)  # expect: py.unpack-archive-unfiltered
    return sorted(p.name for p in Path(plugins_dir).iterdir())


def install_plugin_filtered(upload, plugins_dir):
    with tempfile.NamedTemporaryFile(suffix=".tar.gz", delete=False) as tmp:
        upload.save(tmp)
    shutil.unpack_archive(tmp.name, plugins_dir, filter="data")  # ok: py.unpack-archive-unfiltered


def restore_backup(archive, target):
    unpack_archive(archive, extract_dir=target, format="gztar")  # expect: py.unpack-archive-unfiltered


def restore_backup_trusted(archive, target):
    unpack_archive(archive, target, filter="fully_trusted")  # expect: py.unpack-archive-unfiltered


def import_theme(archive, target):
    shutil.unpack_archive(archive, target, "zip")  # ok: py.unpack-archive-unfiltered


def import_theme_named(archive, target):
    shutil.unpack_archive(archive, target, format="zip")  # ok: py.unpack-archive-unfiltered


def unpack_fixture(target):
    shutil.unpack_archive("fixtures/site.zip", target)  # ok: py.unpack-archive-unfiltered


def make_release(base, root):
    return shutil.make_archive(base, "gztar", root)  # ok: py.unpack-archive-unfiltered
