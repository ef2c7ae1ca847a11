// Files and tools router: uploads, downloads, thumbnails and git helpers.
const express = require("express");
const path = require("path");
const fs = require("fs");
const { exec, execFile, spawn } = require("child_process");
const util = require("util");

const execFileAsync = util.promisify(execFile);
const router = express.Router();
const UPLOAD_ROOT = path.resolve(__dirname, "..", "uploads");
const ALLOWED_FORMATS = ["png", "jpg", "webp"];

function resolveInside(root, name) {
  const full = path.resolve(root, name);
  if (!full.startsWith(root + path.sep)) throw new Error("outside root");
  return full;
}

router.get("/download/:name", (req, res) => {
  const file = path.join(UPLOAD_ROOT, req.params.name);
  res.sendFile(file); // vuln: path-traversal
});

router.get("/download-safe/:name", (req, res) => {
  const file = path.join(UPLOAD_ROOT, req.params.name);
  if (!file.startsWith(UPLOAD_ROOT)) return res.status(403).end();
  res.sendFile(file); // safe: path-traversal prefix checked
});

router.get("/raw", (req, res) => {
  const full = resolveInside(UPLOAD_ROOT, req.query.file);
  fs.createReadStream(full).pipe(res); // safe: path-traversal todo: check inside a helper; checked in helper
});

router.get("/avatar", (req, res) => {
  const name = path.basename(req.query.user);
  fs.readFile(path.join(UPLOAD_ROOT, "avatars", name), (err, data) => { // safe: path-traversal basename
    if (err) return res.status(404).end();
    res.type("png").send(data);
  });
});

router.get("/logs", (req, res) => {
  const day = req.query.day;
  fs.readFile(`/var/log/app/${day}.log`, "utf8", (err, text) => { // vuln: path-traversal
    if (err) return res.status(404).end();
    res.type("text/plain").send(text);
  });
});

router.delete("/uploads/:id", async (req, res) => {
  const id = parseInt(req.params.id, 10);
  await fs.promises.unlink(path.join(UPLOAD_ROOT, `${id}.bin`)); // safe: path-traversal parsed integer
  fs.unlinkSync(path.join(UPLOAD_ROOT, req.body.path)); // vuln: path-traversal
  res.sendStatus(204);
});

router.post("/thumbnail", (req, res) => {
  const format = req.body.format;
  const src = req.body.src;
  exec(`convert ${src} -resize 128x128 out.${format}`, (err) => { // vuln: command-injection
    res.json({ ok: !err });
  });
});

router.post("/thumbnail2", (req, res) => {
  const format = ALLOWED_FORMATS.includes(req.body.format) ? req.body.format : "png";
  execFile("convert", [req.body.src, "-resize", "128x128", `out.${format}`], (err) => { // safe: command-injection argument array
    res.json({ ok: !err });
  });
});

router.get("/git/log", async (req, res) => {
  const { stdout } = await execFileAsync("git", ["log", "--oneline", "-n", "20", req.query.branch]); // safe: command-injection argument array
  res.type("text/plain").send(stdout);
});

router.get("/git/show", (req, res) => {
  const ref = req.query.ref;
  const cmd = "git show " + ref;
  exec(cmd, (err, out) => res.type("text/plain").send(out)); // vuln: command-injection
});

router.get("/ping", (req, res) => {
  const host = req.query.host;
  if (!/^[a-z0-9.-]+$/i.test(host)) return res.status(400).send("bad host");
  exec("ping -c 1 " + host, (err, out) => res.type("text/plain").send(out)); // safe: command-injection regex validated
});

router.get("/dig", (req, res) => {
  const child = spawn("dig", ["+short", req.query.name]); // safe: command-injection argument array
  child.stdout.pipe(res);
  const sh = spawn("sh", ["-c", "dig +short " + req.query.name]); // vuln: command-injection
  sh.stdout.pipe(process.stdout);
});

router.post("/backup", (req, res) => {
  exec("tar czf /backups/latest.tgz /srv/data", (err) => res.json({ ok: !err })); // safe: command-injection constant
  const label = encodeURIComponent(req.body.label);
  exec(`echo ${label} >> /backups/labels.txt`); // safe: command-injection encoded
});

// The command runs without a shell; what it prints is its own output, not the request.
router.get("/disk", (req, res) => {
  const out = require("child_process").execFileSync("du", ["-sh", "--", req.query.path]);
  res.send("<pre>" + out + "</pre>"); // safe: xss command output
});

// A note renamed or copied: the destination is a path written, named by the request or by its base name.
router.post("/notes/:id/rename", (req, res) => {
  const current = path.join("/srv/notes", `${Number(req.params.id)}.md`);
  fs.renameSync(current, path.join("/srv/notes", req.body.name)); // vuln: path-traversal destination named by the request
  fs.copyFileSync(current, path.join("/srv/notes", path.basename(req.body.name))); // safe: path-traversal base name only
  res.sendStatus(204);
});

module.exports = router;
