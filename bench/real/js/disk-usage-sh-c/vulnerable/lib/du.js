const { spawnSync } = require('child_process');

/**
 * Size of a directory in kilobytes.
 */
function diskUsage(dir) {
  const result = spawnSync('sh', ['-c', 'du -sk ' + dir + ' 2>/dev/null'], { encoding: 'utf8' });
  if (result.status !== 0) return null;
  return parseInt(result.stdout.split('\t')[0], 10);
}

module.exports = diskUsage;
