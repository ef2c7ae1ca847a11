import os


class Transcoder:
    def __init__(self, binary="ffmpeg"):
        self.binary = binary

    def to_mp3(self, src, dst):
        return os.popen("%s -i %s %s" % (self.binary, src, dst)).read()  # vuln: command-injection
