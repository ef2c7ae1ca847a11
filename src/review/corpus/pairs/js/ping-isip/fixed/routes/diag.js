const { exec } = require("child_process");
const net = require("net");

module.exports = (app) => {
  app.get("/diag/ping", (req, res) => {
    const host = req.query.host;
    if (!net.isIP(host)) return res.status(400).send("bad address");
    exec("ping -c 1 " + host, (err, out) => res.type("text/plain").send(out)); // safe: command-injection validated then return
  });
};
