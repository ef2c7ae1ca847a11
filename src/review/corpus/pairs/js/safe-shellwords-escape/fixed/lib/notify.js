const { exec } = require("child_process");
const shellwords = require("shellwords");

// Shows a desktop notification through the platform's command-line tool.
exports.notify = function notify(tool, title, message, done) {
  const words = [tool, "--title", title, "--message", message].map((w) => shellwords.escape(String(w)));
  exec(shellwords.escape(tool) + " --title " + shellwords.escape(title) + " --message " + shellwords.escape(message), done); // safe: command-injection shellwords
  return words.length;
};
