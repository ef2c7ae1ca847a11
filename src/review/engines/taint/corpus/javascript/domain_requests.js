// Code that names its own objects `request`: a leave request being approved, a renderer's request handed to every
// function, a callback kept under the name. Only an HTTP request's members carry the caller's data, and a bare
// `request(url)` is the HTTP client only where the file loads it.
const db = require("./db");

// An approval workflow: the request is a row of the program's own.
function approveLeave(request, approver) {
  db.query("UPDATE leave SET approved = 1 WHERE id = " + request.id); // safe: sql-injection domain object
  console.log("approved " + request.employeeName); // safe: log-injection domain object
}

// A renderer passes its request through helpers it does not show here.
function renderSegment(request, task) {
  const boundary = createBoundary(request, task.row);
  console.error("Rendering %s failed", boundary.name); // safe: log-injection renderer state
  console.error("Aborted: %s", request.fatalError); // safe: log-injection renderer state
}

// A Fastify handler's request carries the query.
async function search(request, reply) {
  const rows = await db.query("SELECT * FROM items WHERE name = '" + request.query.name + "'"); // vuln: sql-injection
  reply.send(rows);
}

// A Web-standard route handler reads the body.
async function POST(request) {
  const body = await request.json();
  console.log("create " + body.name); // vuln: log-injection
}

// A handler that keeps a callback under the name `request`: no HTTP client is loaded in this file.
function relay(req, res) {
  const request = res.locals.deliver;
  const target = req.query.target;
  request(target); // safe: ssrf no http client
}

// A Koa context beside a library entry's label: the label is the caller's, and a log line from it is no finding.
function auditEntry(ctx, label) {
  const entry = formatEntry(ctx, label);
  console.log(entry); // safe: log-injection library input
}

// A renderer's helper hands back what it is given when that is a string: given the renderer's request, or what an
// unknown call made of it, it hands back that object.
function componentName(type) {
  if (typeof type === "string") return type;
  return type.displayName || "Component";
}

function warnInvalid(request, task) {
  console.error("%s is invalid", componentName(request)); // safe: log-injection renderer state
  console.error("%s suspended", componentName(recoverFrom(request, task))); // safe: log-injection renderer state
  console.log("pending request", request); // safe: log-injection an object, printed by util.inspect
}

// The same helper given a request's query parameter hands back the caller's text.
function logLookup(request, reply) {
  console.error("lookup of %s", componentName(request.query.q)); // vuln: log-injection
  reply.send("ok");
}

module.exports = { approveLeave, renderSegment, search, POST, relay, auditEntry, warnInvalid, logLookup };
