const serialize = require("node-serialize");
const libxmljs = require("libxmljs");
const yaml = require("js-yaml");
const ldap = require("ldapjs");
const client = ldap.createClient({ url: "ldap://directory.internal" });
app.post("/misc", (req, res) => {
  const obj = serialize.unserialize(req.cookies.profile); // vuln: deserialization
  const doc = yaml.load(req.body.config); // vuln: deserialization
  const safe = JSON.parse(req.cookies.profile); // safe: deserialization json
  const x = libxmljs.parseXml(req.body.xml, { noent: true }); // vuln: xxe
  const y = libxmljs.parseXml(req.body.xml, { noent: false }); // safe: xxe entities off
  console.log("login " + req.body.user); // vuln: log-injection
  logger.info("login " + req.body.user.replace(/[\r\n]/g, "")); // safe: log-injection sanitized
  console.log("login ok"); // safe: log-injection constant
  console.warn("odd range " + req.headers.range + " on " + req.url); // safe: log-injection raw request fields hold no CR or LF
  console.warn("missing " + decodeURIComponent(req.url)); // vuln: log-injection
  req.session.user = req.body.user; // vuln: trust-boundary
  req.session.visits = 1; // safe: trust-boundary constant
  client.search("ou=people", { filter: "(uid=" + req.query.uid + ")" }); // vuln: ldap-injection
  client.search("ou=people", { filter: "(uid=" + ldapEscape.filter(req.query.uid) + ")" }); // safe: ldap-injection sanitized
  xpath.select("//user[name='" + req.query.u + "']", doc); // vuln: xpath-injection
  xpath.select("//user[@active='true']", doc); // safe: xpath-injection constant
});
