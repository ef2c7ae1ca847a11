// A package probing for tools: names the caller gives are tried one by one in array callbacks, through helpers
// that build the command line in their `return`, beside a probe over the package's own list and a runner that
// runs each command the caller wrote, as given.
const { execSync } = require("child_process");

function lookupLine(tool) {
  return process.platform === "win32" ? "where " + tool : "command -v " + tool;
}

function probe(line) {
  try {
    execSync(line, { stdio: "ignore" }); // vuln: command-injection
    return true;
  } catch (_e) {
    return false;
  }
}

exports.firstAvailable = function firstAvailable(tools) {
  return tools.find((tool) => probe(lookupLine(tool)));
};

const EDITORS = ["code", "vim", "nano"];

function probeEditor(line) {
  try {
    execSync(line, { stdio: "ignore" }); // safe: command-injection constant list
    return true;
  } catch (_e) {
    return false;
  }
}

exports.defaultEditor = function defaultEditor() {
  return EDITORS.find((editor) => probeEditor(lookupLine(editor)));
};

function runLine(command) {
  return execSync(command, { stdio: "inherit" }); // safe: command-injection the caller's own command, as given
}

exports.runAll = function runAll(commands) {
  commands.forEach((command) => runLine(command));
};

function versionLine(bin) {
  return `${bin} --version`;
}

function readVersion(line) {
  return execSync(line).toString().trim(); // vuln: command-injection
}

exports.toolVersion = function toolVersion(bin) {
  const line = versionLine(bin);
  return readVersion(line);
};
