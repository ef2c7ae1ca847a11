import subprocess


def fetch_audio(url, out_dir):
    return subprocess.check_output("youtube-dl -x -o '%s/%%(title)s.%%(ext)s' %s" % (out_dir, url), shell=True)  # vuln: command-injection
