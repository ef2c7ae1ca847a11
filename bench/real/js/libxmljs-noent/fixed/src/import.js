const libxml = require('libxmljs');

function parseInvoice(xml) {
  const doc = libxml.parseXml(xml, { noent: false, nonet: true });
  const num = doc.get('//invoice/number');
  const total = doc.get('//invoice/total');
  return { number: num && num.text(), total: total ? Number(total.text()) : 0 };
}

module.exports = { parseInvoice };
