const { spawnSync } = require('child_process');

/**
 * Size of a directory in kilobytes.
 */
function diskUsage(dir) {
  const result = spawnSync('du', ['-sk', '--', dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  if (result.status !== 0) return null;
  return parseInt(result.stdout.split('\t')[0], 10);
}

module.exports = diskUsage;
