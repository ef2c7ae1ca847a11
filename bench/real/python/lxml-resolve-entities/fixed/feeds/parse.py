from lxml import etree


def parse_feed(data: bytes):
    parser = etree.XMLParser(resolve_entities=False, no_network=True)
    root = etree.fromstring(data, parser=parser)
    items = []
    for item in root.iter("item"):
        items.append({"title": item.findtext("title"), "link": item.findtext("link")})
    return items
