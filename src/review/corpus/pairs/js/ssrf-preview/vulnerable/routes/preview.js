const axios = require("axios");

module.exports = function mount(app) {
  app.get("/preview", async (req, res) => {
    const page = await axios.get(req.query.url); // vuln: ssrf
    res.json({ title: /<title>(.*?)<\/title>/.exec(page.data)?.[1] });
  });
};
