'use strict';

function stripTrailing(input) {
  if (typeof input !== 'string') throw new TypeError('expected a string');
  return input.split('\n').map((line) => line.trimEnd()).join('\n');
}

module.exports = stripTrailing;
