// Main process of the desktop app: the renderer asks for a plugin by its download URL, the zip is fetched and unpacked
// into the user's plugin folder.
const { app, ipcMain } = require("electron");
const AdmZip = require("adm-zip");
const fs = require("fs");
const path = require("path");

const pluginsDir = path.join(app.getPath("userData"), "plugins");

async function fetchZip(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`download failed: ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

ipcMain.handle("plugins:install", async (_event, url) => {
  const zip = new AdmZip(await fetchZip(url));
  const manifest = JSON.parse(zip.readAsText("plugin.json"));
  const dir = path.join(pluginsDir, String(manifest.id).replace(/[^a-z0-9-]/gi, ""));
  zip.getEntries().forEach((entry) => {
    if (entry.isDirectory) return;
    const file = path.join(dir, entry.entryName);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, entry.getData()); // vuln: path-traversal
  });
  return manifest;
});
