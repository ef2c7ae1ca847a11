def load(path):
    settings = {}
    with open(path, encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            name, sep, raw = line.partition("=")
            if not sep:
                raise SyntaxError(f"{path}:{lineno}: expected name = value")
            scope = {}
            exec("value = " + raw.strip(), {}, scope)
            settings[name.strip()] = scope["value"]
    return settings
