'use strict';

exports.isUnsafeKey = (key) => key === '__proto__' || key === 'constructor' || key === 'prototype';
exports.isPlainObject = (v) => Object.prototype.toString.call(v) === '[object Object]';
