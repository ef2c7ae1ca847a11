const { exec } = require("child_process");

function escapeShellArg(arg) {
  return `'${String(arg).replace(/'/g, "'\\''")}'`;
}

exports.notify = function notify(title, message) {
  exec(`notify-send ${escapeShellArg(title)} ${escapeShellArg(message)}`); // safe: command-injection project escape
};
