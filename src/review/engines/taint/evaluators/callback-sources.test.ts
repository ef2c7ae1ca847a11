import { test } from "node:test";
import assert from "node:assert/strict";
import { analyzeSource } from "../run.ts";
import { rulesFor } from "../syntax/rules.ts";

/** `line:class:source` of each taint finding. */
const found = (language: string, path: string, source: string): string[] =>
  analyzeSource(language, path, source).map((f) => `${f.location.startLine}:${f.ruleId.split(".")[2]}:${f.flow![0]!.message!.match(/\(([\w-]+)\)/)![1]}`);

const unzipCli = (lib: string): string => `const fs = require("fs");
const path = require("path");
const unzip = require("${lib}");
fs.createReadStream(process.argv[2]).pipe(unzip.Parse()).on("entry", (entry) => {
  entry.pipe(fs.createWriteStream(path.join("out", entry.path)));
  fs.writeFileSync(path.join("out", entry.vars.uncompressedSize + ".size"), "");
});
`;

test("an archive entry's path handed to an entry callback reaches a file write; its size does not", () => {
  assert.deepEqual(found("javascript", "bin/unpack.js", unzipCli("unzipper")), ["5:path-traversal:archive-entry"]);
  assert.deepEqual(found("javascript", "bin/unpack.js", unzipCli("unzip")), ["5:path-traversal:archive-entry"]);
});

test("entry callbacks are no source in a file that names no archive library, and such files keep the base rules", () => {
  const walker = unzipCli("./my-stream").replace(/unzip/g, "walker").replace("bin/unpack", "bin/copy");
  assert.deepEqual(found("javascript", "bin/copy.js", walker), []);
  const plain = rulesFor("javascript", 'const x = require("express");');
  assert.equal(plain, rulesFor("javascript"));
  assert.equal(plain.callbacks, null);
  assert.notEqual(rulesFor("javascript", 'const tar = require("tar");').callbacks, null);
});

test("tar's onentry binds the entry as a method and as an arrow; a filter key of another call binds nothing", () => {
  const src = `const fs = require("fs");
const path = require("path");
const tar = require("tar");
tar.t({ file: "a.tgz", onentry(e) { fs.writeFileSync(path.join("out", e.path), ""); } });
tar.t({ file: "a.tgz", onentry: (e) => fs.writeFileSync(path.join("out", e.path), "") });
fs.cp("a", "b", { filter: (src) => fs.existsSync(path.join("b", src)) });
`;
  assert.deepEqual(found("javascript", "bin/x.js", src), ["4:path-traversal:archive-entry", "5:path-traversal:archive-entry"]);
});

test("an entry's name reaches a write a callback deeper, and a getter's list hands its elements to forEach", () => {
  const src = `const fs = require("fs");
const path = require("path");
const AdmZip = require("adm-zip");
const yauzl = require("yauzl");
function plugin(buf) {
  const zip = new AdmZip(buf);
  zip.getEntries().forEach((e) => fs.writeFileSync(path.join("plugins", e.entryName), e.getData()));
}
function theme(file) {
  yauzl.open(file, {}, (err, zip) => {
    zip.on("entry", (entry) => {
      zip.openReadStream(entry, (err2, stream) => stream.pipe(fs.createWriteStream(path.join("themes", entry.fileName))));
    });
  });
}
`;
  assert.deepEqual(found("javascript", "src/install.js", src), ["7:path-traversal:archive-entry", "12:path-traversal:archive-entry"]);
});

test("Python: a name a with statement binds to an opened archive holds its members; a file opened by a tainted name holds no taint", () => {
  const src = `import os
import sys
import tarfile

def _unpack(path):
    with tarfile.open(path) as tar:
        for member in tar:
            open(os.path.join("out", member.name), "wb")

def _copy():
    with open(input()) as fh:
        os.system(fh.read())
`;
  // The file's name is the path traversal; what it holds reaches os.system as before: no command injection.
  assert.deepEqual(found("python", "tools/unpack.py", src), ["8:path-traversal:archive-member", "11:path-traversal:stdin"]);
});

test("an archive library's own extraction code, handling entry events without naming a library, has the entries' names as a source", () => {
  const own = `const fstream = require("fstream");
const path = require("path");
const Parse = require("./parse");
const OUT = "/srv/unpacked";
function Extract(opts) {
  const self = this;
  Parse.call(self, opts);
  self.on("entry", function (entry) {
    entry.pipe(fstream.Writer({ path: path.join(OUT, entry.path) }));
  });
}
module.exports = Extract;
`;
  assert.deepEqual(found("javascript", "lib/extract.js", own), ["9:path-traversal:archive-entry"]);
  // Without a word of archives or extraction, `entry` events are some other stream's (a directory walker's).
  assert.deepEqual(found("javascript", "lib/copy.js", own.replace(/Extract/g, "Copy")), []);
});
