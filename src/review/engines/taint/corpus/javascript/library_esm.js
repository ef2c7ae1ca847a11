// An ES module package (a release tool): every way a module exports a function or a class, with
// parameters of every shape, beside the fixed versions. All are library input (confidence low).
import { exec, execSync, execFile, execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";

export default function publish(tag, ...extra) {
  execSync(`npm publish --tag ${tag} ${extra.join(" ")}`); // vuln: command-injection
}

export function publishArgv(tag, ...extra) {
  execFileSync("npm", ["publish", "--tag", tag, ...extra]); // safe: command-injection argument array
}

export const bump = async ({ version, preid = "beta" }) => {
  execSync(`npm version ${version} --preid=${preid}`); // vuln: command-injection
};

export const bumpArgv = async ({ version, preid = "beta" }) => {
  execFileSync("npm", ["version", version, `--preid=${preid}`]); // safe: command-injection argument array
};

export async function changelog(from = "HEAD~1", to = "HEAD") {
  return new Promise((resolve) => exec(`git log ${from}..${to} --oneline`, (_, out) => resolve(out))); // vuln: command-injection
}

export async function changelogChecked(from = "HEAD~1", to = "HEAD") {
  const ref = /^[\w./~^-]+$/;
  if (!ref.test(from) || !ref.test(to)) throw new Error("bad ref");
  return new Promise((resolve) => exec(`git log ${from}..${to} --oneline`, (_, out) => resolve(out))); // safe: command-injection allow-list then throw
}

export function* tags(...patterns) {
  for (const p of patterns) yield execSync("git tag -l " + p).toString(); // vuln: command-injection
}

export function* tagsArgv(...patterns) {
  for (const p of patterns) yield execFileSync("git", ["tag", "-l", p]).toString(); // safe: command-injection argument array
}

// A class exported by name: static, async and accessor methods are its public surface.
export class Repo {
  static open(dir, { bare } = {}) {
    return execSync(`git -C ${dir} rev-parse ${bare ? "--git-dir" : "--show-toplevel"}`); // vuln: command-injection
  }

  static openArgv(dir, { bare } = {}) {
    return execFileSync("git", ["-C", dir, "rev-parse", bare ? "--git-dir" : "--show-toplevel"]); // safe: command-injection argument array
  }

  async fetch(remote, ...refs) {
    execSync(`git fetch ${remote} ${refs.join(" ")}`); // vuln: command-injection
  }

  async fetchArgv(remote, ...refs) {
    execFile("git", ["fetch", remote, ...refs], () => {}); // vuln: argument-injection no command runs, but an option can
  }

  set branch(name) {
    execSync("git switch " + name); // vuln: command-injection
  }

  get head() {
    return execSync("git rev-parse HEAD").toString(); // safe: command-injection constant
  }

  #run(line) {
    return execSync(line); // safe: command-injection private method is no entry point
  }
}

// Templates shipped with the package, read by name.
export const template = (name, { ext = ".hbs" } = {}) => readFile(path.join("templates", name + ext), "utf8"); // vuln: path-traversal

export const templateSafe = (name, { ext = ".hbs" } = {}) => readFile(path.join("templates", path.basename(name + ext)), "utf8"); // safe: path-traversal sanitized
