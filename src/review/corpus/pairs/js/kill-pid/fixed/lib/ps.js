'use strict';
var exec = require('child_process').exec;

exports.kill = function (pid, signal, callback) {
  if (!Number.isInteger(Number(pid))) {
    return callback(new Error('pid must be an integer'));
  }
  var sig = signal || 'SIGTERM';
  if (!/^SIG[A-Z0-9]+$/.test(sig)) {
    return callback(new Error('invalid signal'));
  }
  exec('kill -s ' + sig + ' ' + pid, function (err) { // safe: command-injection integer pid, allow-listed signal
    callback(err);
  });
};
