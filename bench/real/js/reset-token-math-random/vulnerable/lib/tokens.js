'use strict';

function resetToken(length = 32) {
  let token = '';
  while (token.length < length) {
    token += Math.random().toString(36).slice(2);
  }
  return token.slice(0, length);
}

function expiresAt(minutes = 30) {
  return new Date(Date.now() + minutes * 60000);
}

module.exports = { resetToken, expiresAt };
