import os
import subprocess


def build_command(path, out_dir, fmt="pdf"):
    return ["soffice", "--headless", "--convert-to", fmt, "--outdir", out_dir, path]


def convert(path, out_dir, fmt="pdf", timeout=120):
    cmd = build_command(path, out_dir, fmt)
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _, err = proc.communicate(timeout=timeout)
    if proc.returncode != 0:
        raise RuntimeError(err.decode(errors="replace"))
    return os.path.join(out_dir, os.path.splitext(os.path.basename(path))[0] + "." + fmt)
