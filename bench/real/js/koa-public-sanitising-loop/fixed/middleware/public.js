const fs = require('fs');

module.exports = function publicFiles(dir) {
  return async function serve(ctx, next) {
    if (!ctx.path.startsWith('/public/')) return next();
    let rel = decodeURIComponent(ctx.path.slice('/public/'.length)).replace(/\\/g, '/');
    while (rel.includes('../') || rel.startsWith('/')) rel = rel.replace('../', '').replace(/^\/+/, '');
    if (rel === '..') return next();
    const full = dir + '/' + rel;
    if (!fs.existsSync(full)) return next();
    ctx.type = full.split('.').pop();
    ctx.body = fs.createReadStream(full);
  };
};
