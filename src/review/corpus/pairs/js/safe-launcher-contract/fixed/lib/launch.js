const { spawn } = require("child_process");
const fs = require("fs");

// Starts the program the caller names, with its arguments as a vector: no shell parses anything.
exports.launch = function launch(options) {
  const settings = Object.assign({ args: [], detached: false }, options);
  const program = settings.program;
  const child = spawn(program, settings.args, { detached: settings.detached }); // safe: command-injection the caller's own program, no shell
  child.unref();
  return child;
};

// Makes the directory the caller asks for, as given.
exports.ensureDir = function ensureDir(opts, done) {
  fs.mkdir(opts.dir, { recursive: true }, done); // safe: path-traversal the caller's whole path
};
