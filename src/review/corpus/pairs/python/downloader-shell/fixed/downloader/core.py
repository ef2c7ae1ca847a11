import subprocess


def fetch_audio(url, out_dir):
    return subprocess.check_output(["youtube-dl", "-x", "-o", out_dir + "/%(title)s.%(ext)s", url])  # safe: command-injection argument list
