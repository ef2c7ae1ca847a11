# A package installer's helpers: the caller hands in directories and file lists; the helpers look under them for
# fixed names, remove what the caller named, and read one config section by name. A name the caller gives joined
# under a directory may climb out of it; the caller's own directory with fixed names under it cannot.
import os
from pathlib import Path


def install_scripts(egg_dir):
    scripts = os.path.join(egg_dir, "EGG-INFO", "scripts")
    if os.path.exists(scripts):  # safe: path-traversal caller's directory with fixed names
        return os.listdir(scripts)  # safe: path-traversal caller's directory with fixed names
    return []


def remove_marker(path):
    marker = Path(path)
    marker.unlink()  # safe: path-traversal the caller's own file


def project_settings(project_dir: Path):
    with open(project_dir.joinpath("manage.py"), "rb") as f:  # safe: path-traversal caller's directory with a fixed name
        return f.read()


def any_newer(sources, target):
    for i in range(len(sources)):
        if os.path.exists(sources[i]):  # safe: path-traversal an element of the caller's list
            return os.path.getmtime(sources[i]) > os.path.getmtime(target)
    return False


def show_help(formatter, epilog):
    formatter.write_text(epilog)  # safe: path-traversal the caller's own object


def read_section(config_dir, section):
    with open(os.path.join(config_dir, section + ".json")) as f:  # vuln: path-traversal
        return f.read()


def unpack_to_temp(archive_name, suffix):
    import tempfile

    fd, raw_path = tempfile.mkstemp(suffix=suffix)
    os.close(fd)
    os.remove(raw_path)  # safe: path-traversal a fresh temporary name
    work = tempfile.mkdtemp(prefix=archive_name)
    return os.listdir(work)  # safe: path-traversal a fresh temporary name
