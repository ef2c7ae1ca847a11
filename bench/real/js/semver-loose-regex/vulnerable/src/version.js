const LOOSE = /^\s*v?((\d+)*\.?)*(-[0-9A-Za-z.-]+)?\s*$/;

function parse(input) {
  const m = LOOSE.exec(input);
  if (!m) return null;
  const [core, pre] = input.trim().replace(/^v/, '').split('-');
  const [major = 0, minor = 0, patch = 0] = core.split('.').map(Number);
  return { major, minor, patch, prerelease: pre || null };
}

function compare(a, b) {
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) throw new TypeError('invalid version');
  return x.major - y.major || x.minor - y.minor || x.patch - y.patch;
}

module.exports = { parse, compare };
