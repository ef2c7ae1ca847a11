// Helpers no known source reaches: the taint stage cannot tell where their arguments come from, so
// a sink fed by a string built from values they do not fix stays reported (confidence low), while
// constant-only strings, constants, numbers and sanitized values stay silent.
const { execSync } = require("child_process");

const BIN_DIR = "/usr/local/bin";
const config = { cacheDir: "/var/cache/app" };

function cleanup(dir) {
  execSync("rm -rf " + dir); // vuln: command-injection
}

function archive(name, dest) {
  execSync(`tar czf ${dest}/${name}.tgz .`); // vuln: command-injection
}

function cleanupCache() {
  execSync("rm -rf " + config.cacheDir); // safe: command-injection config constant
}

function listTools() {
  execSync("ls " + BIN_DIR); // safe: command-injection constant
}

function listLocal() {
  const dir = "/opt/tools";
  execSync("ls " + dir); // safe: command-injection local constant
}

function killWorker(pid) {
  execSync("kill -9 " + parseInt(pid, 10)); // safe: command-injection number
}

function diskUsage() {
  execSync("du -sh /srv"); // safe: command-injection constant
}

setInterval(() => {
  cleanupCache();
  listTools();
  listLocal();
  diskUsage();
}, 60000);

// Exported in a way the analysis does not read: where their arguments come from is unknown.
for (const [name, fn] of Object.entries({ cleanup, archive, killWorker })) module.exports[name] = fn;
