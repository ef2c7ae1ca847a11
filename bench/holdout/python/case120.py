from lxml import etree
from flask import Flask, request

app = Flask(__name__)
TREE = etree.parse("/srv/catalog.xml")


@app.route("/catalog/price")
def price():
    sku = request.args.get("sku", "")
    query = "/catalog/item[@sku='" + sku + "']/price/text()"
    found = TREE.xpath(query)
    return {"price": found[0] if found else None}
