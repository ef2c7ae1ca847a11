// Archive readers hand out entries whose names the archive's author chose (zip slip): written under a directory by
// that name, a file can land outside it. Only the name and path members carry the data, not an entry's size or type.
const fs = require("fs");
const path = require("path");
const { execSync } = require("child_process");
const unzipper = require("unzipper");
const yauzl = require("yauzl");
const tarStream = require("tar-stream");
const tar = require("tar");
const AdmZip = require("adm-zip");
const JSZip = require("jszip");
const StreamZip = require("node-stream-zip");

function unzipTo(file, outDir) {
  fs.createReadStream(file)
    .pipe(unzipper.Parse())
    .once("entry", (entry) => {
      entry.pipe(fs.createWriteStream(path.join(outDir, entry.path))); // vuln: path-traversal
    });
}

function unzipSized(file, outDir) {
  fs.createReadStream(file)
    .pipe(unzipper.Parse())
    .on("entry", (entry) => {
      const name = `${entry.vars.uncompressedSize}-${entry.type}.bin`;
      entry.pipe(fs.createWriteStream(path.join(outDir, name))); // safe: path-traversal size and type only
    });
}

function unzipFlat(file, outDir) {
  fs.createReadStream(file)
    .pipe(unzipper.Parse())
    .on("entry", (entry) => {
      entry.pipe(fs.createWriteStream(path.join(outDir, path.basename(entry.path)))); // safe: path-traversal basename
    });
}

function yauzlTo(file, outDir) {
  yauzl.open(file, { lazyEntries: true }, (err, zipfile) => {
    zipfile.on("entry", (entry) => {
      const { fileName } = entry;
      zipfile.openReadStream(entry, (err2, stream) => {
        stream.pipe(fs.createWriteStream(path.join(outDir, fileName))); // vuln: path-traversal
      });
    });
  });
}

function yauzlChecked(file, outDir) {
  yauzl.open(file, { lazyEntries: true }, (err, zipfile) => {
    zipfile.on("entry", (entry) => {
      if (entry.fileName.includes("..")) return zipfile.readEntry();
      fs.mkdirSync(path.join(outDir, path.dirname(entry.fileName)), { recursive: true }); // safe: path-traversal .. refused
    });
  });
}

function tarStreamTo(input, outDir) {
  const extract = tarStream.extract();
  extract.on("entry", (header, stream, next) => {
    const out = path.resolve(outDir, header.name);
    if (!out.startsWith(path.resolve(outDir) + path.sep)) return next(new Error("outside"));
    stream.pipe(fs.createWriteStream(out)).on("finish", next); // safe: path-traversal containment then return
  });
  extract.on("entry", (header, stream, next) => {
    stream.pipe(fs.createWriteStream(path.join(outDir, header.linkname || header.name))).on("finish", next); // vuln: path-traversal
  });
  input.pipe(extract);
}

function tarOnentry(file, outDir) {
  return tar.t({
    file,
    onentry: (entry) => entry.pipe(fs.createWriteStream(path.join(outDir, entry.path))), // vuln: path-traversal
  });
}

function tarFilter(file, outDir) {
  return tar.x({
    file,
    cwd: outDir,
    filter(p, entry) {
      execSync(`touch ${p}`); // vuln: command-injection
      return entry.size < 1e6;
    },
  });
}

function tarOther(file, outDir) {
  // Not handed to an archive reader: a key of the same name elsewhere is no entry.
  return fs.cp(file, outDir, { filter: (src) => fs.existsSync(path.join(outDir, src)) }); // safe: path-traversal not an archive callback
}

function admZipTo(buf, outDir) {
  const zip = new AdmZip(buf);
  for (const entry of zip.getEntries()) {
    fs.writeFileSync(path.join(outDir, entry.entryName), entry.getData()); // vuln: path-traversal
  }
  fs.writeFileSync(path.join(outDir, "manifest.json"), zip.readFile("manifest.json")); // safe: path-traversal fixed name
}

async function jszipKeys(buf, outDir) {
  const zip = await JSZip.loadAsync(buf);
  for (const name of Object.keys(zip.files)) {
    const data = await zip.files[name].async("nodebuffer");
    await fs.promises.writeFile(path.join(outDir, name), data); // vuln: path-traversal
  }
}

async function jszipAllowed(buf, outDir) {
  const zip = await JSZip.loadAsync(buf);
  const WANTED = ["index.html", "style.css"];
  for (const name of Object.keys(zip.files)) {
    if (!WANTED.includes(name)) continue;
    await fs.promises.writeFile(path.join(outDir, name), await zip.file(name).async("nodebuffer")); // safe: path-traversal allow-list
  }
}

async function streamZipTo(file, outDir) {
  const zip = new StreamZip.async({ file });
  const entries = await zip.entries();
  for (const entry of Object.values(entries)) {
    const full = path.resolve(outDir, entry.name);
    const rel = path.relative(outDir, full);
    if (rel.startsWith("..") || path.isAbsolute(rel)) continue;
    fs.mkdirSync(path.dirname(full), { recursive: true }); // safe: path-traversal relative path checked
    await zip.extract(entry.name, full);
  }
}

module.exports = { unzipTo, unzipSized, unzipFlat, yauzlTo, yauzlChecked, tarStreamTo, tarOnentry, tarFilter, tarOther, admZipTo, jszipKeys, jszipAllowed, streamZipTo };
