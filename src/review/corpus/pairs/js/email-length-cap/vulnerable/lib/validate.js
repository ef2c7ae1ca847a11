const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/; // vuln: redos

function isEmail(str) {
  if (typeof str !== 'string') return false;
  return EMAIL.test(str);
}

module.exports = { isEmail };
