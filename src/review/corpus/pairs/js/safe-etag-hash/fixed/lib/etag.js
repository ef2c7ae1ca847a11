'use strict';
var crypto = require('crypto');

module.exports = function etag(entity) {
  var hash = crypto.createHash('sha1').update(entity, 'utf8').digest('base64').substring(0, 27); // safe: weak-hash an ETag names content
  var len = typeof entity === 'string' ? Buffer.byteLength(entity, 'utf8') : entity.length;
  return '"' + len.toString(16) + '-' + hash + '"';
};

module.exports.cacheKey = function cacheKey(url) {
  return crypto.createHash('md5').update(url).digest('hex'); // safe: weak-hash a cache key
};
