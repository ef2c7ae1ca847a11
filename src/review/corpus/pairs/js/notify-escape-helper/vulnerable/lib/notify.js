const { exec } = require("child_process");

exports.notify = function notify(title, message) {
  exec(`notify-send "${title}" "${message}"`); // vuln: command-injection
};
