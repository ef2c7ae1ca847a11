import xml.sax
from xml.sax.handler import feature_external_ges


class _UrlHandler(xml.sax.ContentHandler):
    def __init__(self):
        super().__init__()
        self.urls, self._buf, self._in_loc = [], [], False

    def startElement(self, name, attrs):
        self._in_loc = name == "loc"
        self._buf = []

    def characters(self, content):
        if self._in_loc:
            self._buf.append(content)

    def endElement(self, name):
        if name == "loc":
            self.urls.append("".join(self._buf).strip())
        self._in_loc = False


def read_sitemap(stream):
    parser = xml.sax.make_parser()
    parser.setFeature(feature_external_ges, True)
    handler = _UrlHandler()
    parser.setContentHandler(handler)
    parser.parse(stream)
    return handler.urls
