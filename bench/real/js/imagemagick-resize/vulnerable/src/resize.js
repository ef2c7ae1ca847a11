const { exec } = require('child_process');
const { promisify } = require('util');

const run = promisify(exec);

const DEFAULTS = { quality: 82, width: 320 };

async function resize(input, output, opts = {}) {
  const { width, quality } = { ...DEFAULTS, ...opts };
  const cmd = `convert "${input}" -resize ${width} -quality ${quality} "${output}"`;
  const { stderr } = await run(cmd);
  if (stderr) console.warn('[thumbnailer]', stderr);
  return output;
}

module.exports = { resize };
