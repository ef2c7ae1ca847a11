import yaml


def split_front_matter(text):
    if not text.startswith("---\n"):
        return {}, text
    head, _, body = text[4:].partition("\n---\n")
    return yaml.unsafe_load(head) or {}, body


def import_article(upload):
    meta, body = split_front_matter(upload.read().decode("utf-8"))
    return {"title": meta.get("title", "untitled"), "tags": meta.get("tags", []), "body": body}
