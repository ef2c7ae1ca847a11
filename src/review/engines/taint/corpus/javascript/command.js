const { exec, execFile } = require("child_process");
const cp = require("child_process");

app.get("/ping", (req, res) => {
  const host = req.query.host;
  exec("ping -c 1 " + host); // vuln: command-injection
  cp.execSync(`nslookup ${req.query.name}`); // vuln: command-injection
  execFile("ping", ["-c", "1", host]); // safe: command-injection argument array
  exec("ping -c 1 localhost"); // safe: command-injection constant
});

app.post("/run", function (req, res) {
  let cmd = req.body.cmd;
  cmd = "uptime";
  exec(cmd); // safe: command-injection overwritten
  const n = parseInt(req.body.n, 10);
  exec("kill " + n); // safe: command-injection sanitized integer
  if (1 > 2) {
    exec(req.body.cmd); // safe: command-injection dead branch
  }
  const other = "ls";
  const mine = req.body.dir;
  exec(other); // safe: command-injection different variable
  const tools = { list: "ls -la", disk: "df -h" };
  exec(tools[req.body.tool]); // safe: command-injection safe map key
  const parts = [];
  parts.push(mine);
  exec(parts.join(" ")); // vuln: command-injection
});

function cli() {
  const target = process.argv[2];
  exec("cat " + target); // vuln: command-injection
}

// A CLI that re-runs itself: argv[0] is the runtime and argv[1] the script, not arguments anyone gives.
function rerun(args) {
  cp.spawn(process.argv[0], [process.argv[1], ...args], { stdio: "inherit" }); // safe: command-injection runtime's own path
  exec(process.argv[0] + " --version"); // safe: command-injection runtime's own path
  exec(process.argv[3] + " --version"); // vuln: command-injection
}

app.get("/allow", (req, res) => {
  const op = req.query.op;
  if (!["start", "stop"].includes(op)) return res.status(400).end();
  exec("service app " + op); // safe: command-injection allow-list
});

app.get("/nested", (req, res) => {
  const dir = req.query.dir;
  db.connect((conn) => {
    exec("ls " + dir); // vuln: command-injection
    exec("ls " + conn.dir); // safe: command-injection different variable
  });
});

app.get("/switch", (req, res) => {
  let cmd = "true";
  switch (req.query.kind) {
    case "a":
      cmd = "ls " + req.query.dir;
      break;
    default:
      cmd = "pwd";
  }
  exec(cmd); // vuln: command-injection
  let fixed;
  switch (req.query.kind) {
    case "a":
      fixed = "ls";
      break;
    default:
      fixed = "pwd";
  }
  exec(fixed); // safe: command-injection constant in every arm
});
