// The files of the demo repository `npm start` registers: a tiny shop in JavaScript and Python
// with a few real security bugs for the first review to find.
// The key is assembled here so this source file itself holds no credential-shaped literal.
const demoKeyId = ["AKIA", "4DEM", "O7QX", "2CRS", "9KEY"].join("");

export const demoFiles: Record<string, string> = {
  "README.md": `# acme-shop

A small demo shop for crs. It has bugs on purpose: start a review and look at the inbox.
`,
  "package.json": `{
  "name": "acme-shop",
  "private": true,
  "main": "server.js",
  "dependencies": { "express": "^4.19.2" }
}
`,
  "server.js": `const express = require("express");
const { exec } = require("child_process");
const { lookupOrder } = require("./orders");

const app = express();

// Diagnostics for the ops team: checks that a host answers.
app.get("/ping", (req, res) => {
  const host = req.query.host;
  exec("ping -c 1 " + host, (err, stdout) => {
    res.type("text/plain").send(err ? String(err) : stdout);
  });
});

app.get("/orders/:id", async (req, res) => {
  res.json(await lookupOrder(req.params.id));
});

app.listen(3000);
`,
  "orders.js": `const orders = new Map([["1", { id: "1", total: 1999 }]]);

async function lookupOrder(id) {
  return orders.get(String(id)) ?? null;
}

module.exports = { lookupOrder };
`,
  "config.py": `# Settings for the reporting job.
AWS_REGION = "eu-west-1"
AWS_ACCESS_KEY_ID = "${demoKeyId}"
REPORT_BUCKET = "acme-shop-reports"
`,
  "reports.py": `import sqlite3
from flask import Flask, request

app = Flask(__name__)


@app.route("/reports")
def reports():
    customer = request.args.get("customer")
    db = sqlite3.connect("shop.db")
    rows = db.execute(f"SELECT * FROM orders WHERE customer = '{customer}'").fetchall()
    return {"orders": rows}
`,
};

/** A second commit on a feature branch (also published as pull request 1). */
export const demoFeatureFiles: Record<string, string> = {
  "orders.js": `const orders = new Map([["1", { id: "1", total: 1999 }]]);

async function lookupOrder(id) {
  return orders.get(String(id)) ?? null;
}

async function listOrders() {
  return [...orders.values()];
}

module.exports = { lookupOrder, listOrders };
`,
};
