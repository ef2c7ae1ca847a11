// Logging through util.format's conversions: %j writes JSON and %o util.inspect, both escaping line breaks, %d a
// number; %s writes the text as it is.
const express = require("express");
const app = express();
app.use(express.json());

app.post("/login", (req, res) => {
  console.log("login attempt for %j", req.body.user); // safe: log-injection JSON conversion
  console.info("login fields %o", req.body); // safe: log-injection inspect conversion
  console.warn("attempt %d for %s", Number(req.body.attempt), req.body.user); // vuln: log-injection
  console.error("%s: %j", req.body.user, req.body.reason); // vuln: log-injection
  res.json({ ok: true });
});

// pino's signature, an object or an error before the message, writes JSON lines.
const logger = require("pino")();
app.get("/files/:id", (req, res) => {
  try {
    res.sendStatus(204);
  } catch (err) {
    logger.error(err, `could not send file ${req.params.id}`); // safe: log-injection JSON logger
    logger.warn({ id: req.params.id }, `retrying ${req.params.id}`); // safe: log-injection JSON logger
    logger.warn(`retrying ${req.params.id}`); // vuln: log-injection
  }
});

app.listen(3000);

// An Express access log: the path, the host, the client's address and a header's value as they came.
app.use((req, res, next) => {
  console.log(`${req.method} ${req.path} host=${req.hostname} ip=${req.ip}`); // safe: log-injection raw request line
  console.log("agent: " + req.get("User-Agent")); // safe: log-injection raw header value
  console.log(`proxying ${req?.headers?.host}${req?.url}`); // safe: log-injection raw request line
  console.log("user: " + req.params.user); // vuln: log-injection
  next();
});

// An audit logger (bunyan's signature: the record object first) fills its record member by member.
app.use((req, res, next) => {
  var record = { method: req.method, remote: req.socket.remoteAddress };
  record.user = req.params.user;
  logger.info(record, "handled"); // safe: log-injection JSON logger
  let line = {};
  line = "user " + req.params.user;
  logger.info(line); // vuln: log-injection
  next();
});
