from defusedxml import minidom

from flask import Blueprint, jsonify, request

bp = Blueprint("billing", __name__)


@bp.post("/invoices")
def upload_invoice():
    doc = minidom.parseString(request.get_data())
    number = doc.getElementsByTagName("number")[0].firstChild.data
    total = float(doc.getElementsByTagName("total")[0].firstChild.data)
    return jsonify(number=number, total=total)
