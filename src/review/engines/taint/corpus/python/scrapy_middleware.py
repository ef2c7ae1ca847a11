# A Scrapy downloader middleware: Scrapy runs on Twisted, but the `request` here is the one the spider sends
# and `response` what the crawled site answered; no client of this program chose them.
import logging

from scrapy import signals
from scrapy.exceptions import IgnoreRequest
from twisted.internet.error import TimeoutError

logger = logging.getLogger(__name__)


class PoliteMiddleware:
    def __init__(self, crawler):
        self.crawler = crawler
        crawler.signals.connect(self.spider_closed, signal=signals.spider_closed)

    def process_request(self, request, spider):
        if request.meta.get("skip"):
            raise IgnoreRequest(request.url)
        logger.debug("Fetching %s for %s", request.url, spider.name)  # safe: log-injection a request the crawler sends

    def process_exception(self, request, exception, spider):
        if isinstance(exception, TimeoutError):
            logger.warning("Timed out: " + request.url)  # safe: log-injection a request the crawler sends

    def spider_closed(self, spider):
        logger.info("closed %s", spider.name)
