import os
import subprocess

from celery import Celery

app = Celery("workers", broker=os.environ.get("BROKER_URL", "redis://localhost:6379/0"))


@app.task(bind=True, max_retries=3)
def transcode(self, src, bitrate="128k"):
    dest = os.path.splitext(src)[0] + ".mp3"
    cmd = f"ffmpeg -y -i '{src}' -b:a {bitrate} '{dest}'"
    result = subprocess.run(cmd, shell=True, capture_output=True)
    if result.returncode != 0:
        raise self.retry(countdown=30)
    return dest
