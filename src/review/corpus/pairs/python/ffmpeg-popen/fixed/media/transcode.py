import subprocess


class Transcoder:
    def __init__(self, binary="ffmpeg"):
        self.binary = binary

    def to_mp3(self, src, dst):
        return subprocess.run([self.binary, "-i", src, dst], capture_output=True, text=True).stdout  # safe: command-injection argument list
