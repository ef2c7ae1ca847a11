// A template compiler and an opener that keep a callee in a variable before calling it (a constructor picked
// at run time, a module member taken once), beside the same calls given constants and a look-alike runner.
const cp = require("child_process");
const queue = require("./queue");
const launch = cp.exec;
const later = queue.run;

exports.compileTemplate = function compileTemplate(body, opts) {
  let Ctor;
  if (opts.async) Ctor = Object.getPrototypeOf(async () => {}).constructor;
  else Ctor = Function;
  return new Ctor(opts.dataName, "return `" + body + "`;"); // vuln: code-injection
};

exports.compileIdentity = function compileIdentity() {
  const Ctor = Function;
  return new Ctor("data", "return data;"); // safe: code-injection constant
};

exports.open = function open(target) {
  return launch("xdg-open " + target); // vuln: command-injection
};

exports.openHome = function openHome() {
  return launch("xdg-open ."); // safe: command-injection constant
};

exports.schedule = function schedule(target) {
  return later("open " + target); // safe: command-injection a local queue's runner, no shell
};
