# An HTTP client library: the request a method is handed is one the client sends, built from its
# caller's arguments, not one a visitor made. Its URL logged is the program's own message.
import logging

logger = logging.getLogger(__name__)


class Client:
    def send(self, request, *, stream=False):
        logger.debug("HTTP Request: %s %s", request.method, request.url)  # safe: log-injection a request the client sends
        return self._transport(request, stream)

    def _transport(self, request, stream):
        return (request, stream)
