const { execFile } = require('child_process');
const { promisify } = require('util');

const run = promisify(execFile);

const DEFAULTS = { quality: 82, width: 320 };

async function resize(input, output, opts = {}) {
  const { width, quality } = { ...DEFAULTS, ...opts };
  const args = [input, '-resize', String(width), '-quality', String(quality), output];
  const { stderr } = await run('convert', args);
  if (stderr) console.warn('[thumbnailer]', stderr);
  return output;
}

module.exports = { resize };
