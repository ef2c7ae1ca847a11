app.get("/login", (req, res) => {
  const next = req.query.next;
  res.redirect(next); // vuln: open-redirect
  res.redirect(302, req.query.back); // vuln: open-redirect
  res.redirect("/home"); // safe: open-redirect constant
  if (next === "/dashboard") {
    res.redirect(next); // safe: open-redirect allow-list
  }
  const pages = { home: "/", profile: "/me" };
  res.redirect(pages[req.query.page]); // safe: open-redirect safe map key
});
function go() {
  window.location.href = location.search.slice(6); // vuln: open-redirect
}
