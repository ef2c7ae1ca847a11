'use strict';
const childProcess = require('child_process');

function opener() {
  switch (process.platform) {
    case 'darwin': return 'open';
    case 'win32': return 'start ""';
    default: return 'xdg-open';
  }
}

module.exports = function openUrl(target, options = {}) {
  const app = options.app ? options.app : opener();
  const child = childProcess.exec(app + ' "' + target + '"');
  if (options.wait === false) child.unref();
  return child;
};
