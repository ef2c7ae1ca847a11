import json
import subprocess


def video_info(url):
    out = subprocess.check_output("youtube-dl -j --no-playlist %s" % url, shell=True)
    return json.loads(out.decode("utf-8"))


def download(url, target_dir):
    subprocess.check_call(["youtube-dl", "-o", target_dir + "/%(title)s.%(ext)s", "--", url])
