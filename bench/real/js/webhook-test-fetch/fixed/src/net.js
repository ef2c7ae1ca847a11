const dns = require('dns').promises;
const net = require('net');

function isPrivate(ip) {
  if (net.isIPv6(ip)) return ip === '::1' || /^f[cd]/i.test(ip) || /^fe80/i.test(ip) || ip.startsWith('::ffff:');
  const [a, b] = ip.split('.').map(Number);
  return a === 10 || a === 127 || a === 0 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}

async function isPublicHttpsUrl(value) {
  let url;
  try {
    url = new URL(String(value));
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  const addrs = await dns.lookup(url.hostname, { all: true }).catch(() => []);
  return addrs.length > 0 && addrs.every((a) => !isPrivate(a.address));
}

module.exports = { isPublicHttpsUrl };
