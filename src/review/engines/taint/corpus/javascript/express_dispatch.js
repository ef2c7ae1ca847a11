// An Express admin API that runs the controller method a URL or body names, beside the same routes kept to
// a table's own keys, an allow-list, a fixed method prefix or a Map, and a library's generic dispatcher.
const express = require("express");
const reports = require("../controllers/reports");
const users = require("../controllers/users");

const router = express.Router();
const ACTIONS = ["daily", "weekly", "monthly"];
const exporters = new Map([
  ["csv", reports.csv],
  ["json", reports.json],
]);

router.post("/reports/:action", (req, res) => {
  return reports[req.params.action](req, res); // vuln: unsafe-reflection
});

router.post("/rpc", async (req, res) => {
  const { method, params } = req.body;
  const result = await users[method](params); // vuln: unsafe-reflection
  res.json({ result });
});

router.get("/users/:op", (req, res) => {
  const op = req.params.op;
  users[op].call(users, req.query, (err, out) => res.json(out)); // vuln: unsafe-reflection
});

class AdminController {
  list(req, res) {
    res.json([]);
  }

  handle(req, res) {
    return this[req.query.view](req, res); // vuln: unsafe-reflection
  }

  handleKnown(req, res) {
    const view = req.query.view;
    if (!Object.prototype.hasOwnProperty.call(AdminController.prototype, view)) return res.sendStatus(404);
    return this[view](req, res); // safe: unsafe-reflection own-key check
  }
}

router.post("/reports/known/:action", (req, res) => {
  const action = req.params.action;
  if (!ACTIONS.includes(action)) return res.status(400).send("unknown action");
  return reports[action](req, res); // safe: unsafe-reflection allow-list
});

router.post("/reports/own/:action", (req, res) => {
  if (!Object.hasOwn(reports, req.params.action)) return res.sendStatus(404);
  return reports[req.params.action](req, res); // safe: unsafe-reflection own-key check
});

router.post("/reports/prefixed/:action", (req, res) => {
  return reports["run" + req.params.action](req, res); // safe: unsafe-reflection fixed method prefix
});

router.get("/export", (req, res) => {
  const exporter = exporters.get(req.query.format);
  if (!exporter) return res.sendStatus(404);
  return exporter(req, res); // safe: unsafe-reflection Map lookup
});

router.get("/label", (req, res) => {
  const label = reports.labels[req.query.kind]; // safe: unsafe-reflection read, not called
  res.json({ label: String(label) });
});

router.get("/page/:n", (req, res) => {
  const pages = [reports.first, reports.second];
  return pages[Number(req.params.n)](req, res); // safe: unsafe-reflection a number picks an element
});

router.post("/jobs/:kind", (req, res) => {
  const handler = reports[req.params.kind]; // vuln: unsafe-reflection
  if (typeof handler !== "function") return res.sendStatus(404);
  return handler(req, res);
});

router.post("/jobs/known/:kind", (req, res) => {
  const kind = req.params.kind;
  if (!Object.hasOwn(reports, kind)) return res.sendStatus(404);
  const handler = reports[kind]; // safe: unsafe-reflection own-key check
  return handler.call(reports, req, res);
});

router.get("/jobs/label/:kind", (req, res) => {
  const label = reports.labels[req.params.kind]; // safe: unsafe-reflection read, not called
  res.json({ label: String(label) });
});

/** A generic dispatcher a package exports: its caller chooses the method. */
function dispatch(target, name, ...args) {
  return target[name](...args); // safe: unsafe-reflection library input
}

module.exports = { router, dispatch };
