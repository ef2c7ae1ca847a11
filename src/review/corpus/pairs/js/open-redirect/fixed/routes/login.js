module.exports = function (app) {
  app.post("/login", (req, res) => {
    req.session.user = req.body.user;
    let next = String(req.query.next || "/");
    if (!next.startsWith("/") || next.startsWith("//")) next = "/";
    res.redirect(next); // safe: open-redirect local path only
  });
};
