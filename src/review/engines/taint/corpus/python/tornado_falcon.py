# A Tornado handler reads the request through its own methods; a Falcon responder gets it as `req`.
import shlex
import subprocess

import falcon
import tornado.web


class LogsHandler(tornado.web.RequestHandler):
    def get(self):
        service = self.get_argument("service")
        out = subprocess.check_output("journalctl -u " + service, shell=True)  # vuln: command-injection
        self.write(out)

    def post(self):
        lines = int(self.get_body_argument("lines", "50"))
        out = subprocess.check_output("journalctl -n %d" % lines, shell=True)  # safe: command-injection number
        self.write(out)

    def delete(self):
        user = self.get_secure_cookie("user")
        subprocess.run("logger deleted-by-" + user.decode(), shell=True)  # safe: command-injection signed cookie


class Reports:
    def on_get(self, req, resp):
        name = req.get_param("name")
        resp.text = subprocess.check_output("report " + shlex.quote(name), shell=True).decode()  # safe: command-injection quoted

    def on_post(self, req, resp):
        media = req.get_media()
        subprocess.run("report --title " + media["title"], shell=True)  # vuln: command-injection
