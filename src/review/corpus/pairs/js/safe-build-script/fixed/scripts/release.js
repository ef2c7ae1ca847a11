const { execSync } = require("child_process");
const path = require("path");
const pkg = require("../package.json");

const root = path.resolve(__dirname, "..");
const dist = path.join(root, "dist");

function run(cmd) {
  console.log("$ " + cmd);
  execSync(cmd, { stdio: "inherit", cwd: root }); // safe: command-injection commands of this script
}

for (const task of ["lint", "test", "build"]) {
  execSync("npm run " + task, { stdio: "inherit", cwd: root }); // safe: command-injection constant loop
}
execSync(`tar czf ${dist}/release-${pkg.version}.tgz -C ${dist} .`); // safe: command-injection module constants
run("git tag v" + pkg.version);
