const path = require('path');
const { run } = require('./shell');

function pageArgs(opts) {
  const args = [];
  if (opts.first) args.push('-f', String(opts.first));
  if (opts.last) args.push('-l', String(opts.last));
  return args;
}

exports.toText = function toText(file, opts = {}) {
  const dir = path.dirname(file);
  const cmd = ['pdftotext', '-layout', ...pageArgs(opts), file, '-'].join(' ');
  return run(cmd, dir);
};

exports.pageCount = function pageCount(file) {
  const info = run('pdfinfo ' + JSON.stringify(file));
  const m = /Pages:\s+(\d+)/.exec(info);
  return m ? Number(m[1]) : 0;
};
