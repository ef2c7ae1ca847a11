const router = require('express').Router();
const { verify } = require('../lib/users');

router.post('/login', async (req, res) => {
  const user = await verify(req.body.username, req.body.password);
  if (!user) return res.status(401).render('login', { error: 'Wrong username or password' });
  req.session.userId = user.id;
  const next = req.query.next || '/';
  res.redirect(next);
});

module.exports = router;
