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
  "accounts.py": `import hashlib
import time


def password_reset_token(email):
    # Mailed to the customer; whoever can guess it can reset the password.
    seed = f"{email}:{int(time.time())}"
    return hashlib.md5(seed.encode()).hexdigest()
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
  "export.js": `const fs = require("fs");
const path = require("path");
const { listOrders } = require("./orders");

// Writes the order list for the accounting team and serves earlier exports by name.
function registerExports(app) {
  app.get("/exports", async (req, res) => {
    const file = path.join(__dirname, "exports", req.query.name);
    res.type("text/csv").send(fs.readFileSync(file, "utf8"));
  });
  app.post("/exports", async (req, res) => {
    const rows = (await listOrders()).map((o) => o.id + "," + o.total);
    fs.writeFileSync(path.join(__dirname, "exports", "orders.csv"), rows.join("\\n"));
    res.status(201).end();
  });
}

module.exports = { registerExports };
`,
};
