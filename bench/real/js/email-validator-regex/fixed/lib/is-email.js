'use strict';

const EMAIL = /^[a-zA-Z0-9_.+-]+@[a-zA-Z0-9-]+(?:\.[a-zA-Z0-9-]+)*\.[a-zA-Z0-9]{2,}$/;

module.exports = function isEmail(value) {
  if (typeof value !== 'string' || value.length > 320) return false;
  return EMAIL.test(value);
};
