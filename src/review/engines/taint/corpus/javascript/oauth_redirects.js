// An OAuth authorization endpoint: errors go back to the client's registered redirect URI, with the request's state
// carried in the query.
const express = require("express");
const router = express.Router();

function errorRedirect(redirectUri, code, state) {
  const url = new URL(redirectUri);
  url.searchParams.set("error", code);
  if (state) url.searchParams.set("state", state);
  return url.href;
}

router.get("/authorize", async (req, res) => {
  const client = await clients.find(String(req.query.client_id));
  const redirectUri = client.redirectUris[0];
  res.redirect(302, errorRedirect(redirectUri, "access_denied", req.query.state)); // safe: open-redirect state rides in the query of a registered URI
});

router.get("/authorize/open", async (req, res) => {
  const url = new URL(req.query.redirect_uri);
  url.searchParams.append("state", req.query.state);
  res.redirect(302, url.href); // vuln: open-redirect the address itself is the request's
});

router.get("/callback", async (req, res) => {
  const next = new URL("https://app.example.com/done");
  next.searchParams.set("return", req.query.return_to);
  res.redirect(next.toString()); // safe: open-redirect fixed host, the value in its query
});

module.exports = router;
