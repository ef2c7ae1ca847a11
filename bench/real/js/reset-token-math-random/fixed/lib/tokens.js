'use strict';
const crypto = require('crypto');

function resetToken(length = 32) {
  let token = '';
  while (token.length < length) {
    token += crypto.randomBytes(16).toString('hex');
  }
  return token.slice(0, length);
}

function expiresAt(minutes = 30) {
  return new Date(Date.now() + minutes * 60000);
}

module.exports = { resetToken, expiresAt };
