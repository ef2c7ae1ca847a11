// Reads a plugin archive's manifest and size before it is installed; the manifest is cached under a fixed name.
const AdmZip = require("adm-zip");
const fs = require("fs");
const path = require("path");
const { cacheDir } = require("./paths");

const MAX_UNPACKED = 50 * 1024 * 1024;

function inspectPlugin(buffer) {
  const zip = new AdmZip(buffer);
  let unpacked = 0;
  const names = [];
  for (const entry of zip.getEntries()) {
    unpacked += entry.header.size;
    names.push(entry.entryName);
  }
  if (unpacked > MAX_UNPACKED) throw new Error("plugin too large");
  const manifest = zip.getEntry("plugin.json");
  if (!manifest) throw new Error("plugin.json missing");
  const data = manifest.getData();
  fs.writeFileSync(path.join(cacheDir, "last-plugin.json"), data); // safe: path-traversal fixed file name, entry content only
  return { manifest: JSON.parse(data.toString("utf8")), files: names.length };
}

module.exports = { inspectPlugin };
