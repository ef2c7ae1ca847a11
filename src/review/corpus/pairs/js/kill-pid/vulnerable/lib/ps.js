'use strict';
var exec = require('child_process').exec;

exports.kill = function (pid, signal, callback) {
  var sig = signal || 'SIGTERM';
  exec('kill -s ' + sig + ' ' + pid, function (err) { // vuln: command-injection
    callback(err);
  });
};
