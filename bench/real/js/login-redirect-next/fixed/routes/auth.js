const router = require('express').Router();
const { verify } = require('../lib/users');

router.post('/login', async (req, res) => {
  const user = await verify(req.body.username, req.body.password);
  if (!user) return res.status(401).render('login', { error: 'Wrong username or password' });
  req.session.userId = user.id;
  let next = req.query.next || '/';
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) next = '/';
  res.redirect(next);
});

module.exports = router;
