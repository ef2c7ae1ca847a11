import os

SIZES = {"small": "128x128", "medium": "512x512"}


def make_thumbnail(src, dest_dir, size="small"):
    geometry = SIZES.get(size, size)
    name = os.path.splitext(os.path.basename(src))[0]
    dest = os.path.join(dest_dir, "%s_%s.jpg" % (name, size))
    status = os.system("convert %s -thumbnail %s %s" % (src, geometry, dest))
    if status != 0:
        raise RuntimeError("convert failed for %s" % src)
    return dest
