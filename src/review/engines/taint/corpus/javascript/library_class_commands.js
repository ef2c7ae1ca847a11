// Wrappers around a command-line program that keep their caller's options on the instance and build the command
// line in a helper method: `this.command()` returns what the method reads of `this`, as a helper called with the
// values would.
const util = require("util");
const { exec, execFile } = require("child_process");
const quote = require("shell-quote").quote;

class Thumbnailer {
  constructor(source, options = {}) {
    this.source = source;
    this.size = options.size || "128x128";
    this.tool = "convert";
  }

  command() {
    return `${this.tool} -thumbnail ${this.size} '${this.source}' out.png`;
  }

  quotedCommand() {
    return quote([this.tool, "-thumbnail", this.size, this.source, "out.png"]);
  }

  version() {
    return `${this.tool} -version`;
  }

  run(done) {
    exec(this.command(), done); // vuln: command-injection the method builds the command from the caller's file name
  }

  runQuoted(done) {
    exec(this.quotedCommand(), done); // safe: command-injection every word is quoted for the shell
  }

  runArgv(done) {
    execFile(this.tool, ["-thumbnail", this.size, this.source, "out.png"], done); // safe: command-injection no shell
  }

  checkTool(done) {
    exec(this.version(), done); // safe: command-injection built from the fixed tool name only
  }
}

function PdfInfo(file, options) {
  this.file = file;
  this.binary = "pdfinfo";
  this.timeout = (options && options.timeout) || 1000;
}

PdfInfo.prototype = {
  infoCommand: function () {
    return util.format("%s '%s'", this.binary, this.file);
  },
  helpCommand: function () {
    return this.binary + " -h";
  },
  info: function () {
    const command = this.infoCommand();
    return new Promise(function (resolve, reject) {
      function read() {
        exec(command, function (err, stdout) { // vuln: command-injection the caller's file name in a command run from a nested function
          return err ? reject(err) : resolve(stdout);
        });
      }
      read();
    });
  },
  help: function (done) {
    exec(this.helpCommand(), done); // safe: command-injection the fixed program's help
  },
};

PdfInfo.prototype.pages = function (done) {
  exec(this.infoCommand() + " | grep Pages", done); // vuln: command-injection the same helper from a method set on the prototype
};

PdfInfo.prototype.pagesSafe = function (done) {
  execFile(this.binary, [this.file], done); // safe: command-injection argument vector
};

module.exports = { Thumbnailer, PdfInfo };
