// An archive extractor exported by a package: each entry's path is resolved under the destination and refused when
// it leaves it. The destination itself counts as inside (an entry named "." or "dir/..").
const fs = require("fs");
const path = require("path");

function extractTo(entries, dest) {
  const root = path.resolve(dest);
  for (const entry of entries) {
    const out = path.resolve(root, entry.name);
    if (out !== root && !out.startsWith(root + path.sep)) throw new Error(`entry outside the destination: ${entry.name}`);
    fs.writeFileSync(out, entry.data); // safe: path-traversal containment check or the base itself
  }
}

// The same check, written as the condition that lets an entry through.
function extractEach(entries, dest) {
  const root = path.resolve(dest);
  for (const entry of entries) {
    const out = path.resolve(root, entry.name);
    if (out === root || out.startsWith(root + path.sep)) fs.writeFileSync(out, entry.data); // safe: path-traversal containment check or the base itself
  }
}

// The check tests the destination, not the entry's path: nothing stops `../` in a name.
function extractUnchecked(entries, dest) {
  const root = path.resolve(dest);
  for (const entry of entries) {
    const out = path.resolve(root, entry.name);
    if (out !== root && !dest.startsWith(root)) throw new Error("bad destination");
    fs.writeFileSync(out, entry.data); // vuln: path-traversal
  }
}

module.exports = { extractTo, extractEach, extractUnchecked };
