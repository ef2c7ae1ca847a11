module.exports = function (app) {
  app.post("/login", (req, res) => {
    req.session.user = req.body.user;
    res.redirect(req.query.next || "/"); // vuln: open-redirect
  });
};
