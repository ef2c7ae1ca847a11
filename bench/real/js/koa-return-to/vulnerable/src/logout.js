const SITE = process.env.SITE_ORIGIN || 'https://app.example.com';

module.exports = async function logout(ctx) {
  ctx.session = null;
  const returnTo = ctx.query.returnTo || '/';
  ctx.redirect(returnTo);
};

module.exports.SITE = SITE;
