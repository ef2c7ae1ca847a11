// Fetches the prebuilt compiler for this platform on first use and caches its binaries.
const fs = require("fs");
const os = require("os");
const path = require("path");
const decompress = require("decompress");
const { version, mirror } = require("../package.json").toolchain;

const cacheDir = path.join(os.homedir(), ".cache", "buildkit", version);

async function download(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

async function ensureToolchain() {
  const bin = path.join(cacheDir, "bin");
  if (fs.existsSync(path.join(bin, "cc"))) return bin;
  const url = `${process.env.BUILDKIT_MIRROR || mirror}/toolchain-${version}-${process.platform}-${process.arch}.tar.gz`;
  const files = await decompress(await download(url));
  for (const file of files) {
    if (file.type !== "file") continue;
    // The archive only ships executables; keep their names, never their directories.
    const out = path.join(bin, path.basename(file.path));
    await fs.promises.mkdir(path.dirname(out), { recursive: true });
    await fs.promises.writeFile(out, file.data, { mode: file.mode }); // safe: path-traversal basename only
  }
  return bin;
}

module.exports = { ensureToolchain };
