const SITE = process.env.SITE_ORIGIN || 'https://app.example.com';

module.exports = async function logout(ctx) {
  ctx.session = null;
  const returnTo = ctx.query.returnTo || '/';
  const url = new URL(String(returnTo), SITE);
  ctx.redirect(url.origin === SITE ? url.pathname + url.search : '/');
};

module.exports.SITE = SITE;
