const escape = (s) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

module.exports = function errorPages() {
  return async function (ctx, next) {
    await next();
    if (ctx.status === 404 && !ctx.body) {
      ctx.type = 'html';
      ctx.body = '<h1>Not found</h1><p>No page at <code>' + escape(ctx.path) + '</code>. Try <a href="/">home</a>.</p>';
    }
  };
};
