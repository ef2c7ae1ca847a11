from .download import video_info, download
