const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/; // safe: redos input refused past 254 characters first

function isEmail(str) {
  if (typeof str !== 'string' || str.length > 254) return false;
  return EMAIL.test(str);
}

module.exports = { isEmail };
