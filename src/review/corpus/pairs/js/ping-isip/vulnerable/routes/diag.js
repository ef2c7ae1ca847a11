const { exec } = require("child_process");

module.exports = (app) => {
  app.get("/diag/ping", (req, res) => {
    const host = req.query.host;
    exec("ping -c 1 " + host, (err, out) => res.type("text/plain").send(out)); // vuln: command-injection
  });
};
