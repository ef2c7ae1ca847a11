class RequestArgs:
    """Uniform access to query string, form and header values, with defaults and trimming."""

    def __init__(self, req):
        self._req = req

    def get(self, name, default=""):
        value = self._req.values.get(name)
        return value.strip() if value else default

    def header(self, name, default=""):
        return self._req.headers.get(name, default)

    def cookie(self, name, default=""):
        return self._req.cookies.get(name, default)

    @property
    def client_kind(self):
        # Only distinguishes API clients from browsers; never echoes what was sent.
        return "api" if self._req.is_json else "browser"
