// `crs completion bash|zsh|fish`: the scripts come from the client's own command tree; the bash one
// is run by a real bash, completing words as a terminal user would.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { testClient } from "./fixtures/client.ts";

const c = testClient("http://127.0.0.1:9");
let dir: string;
let script: string;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), "crs-completion-"));
  script = join(dir, "crs.bash");
  const r = await c.run(["completion", "bash"]);
  assert.equal(r.code, 0, r.err);
  writeFileSync(script, r.out);
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** What bash offers for the command line `words` (the last one being completed). */
function complete(words: string[]): string[] {
  const line =
    `source ${JSON.stringify(script)}; COMP_WORDS=(${words.map((w) => `'${w}'`).join(" ")}); COMP_CWORD=${words.length - 1}; _crs; printf '%s\\n' ` +
    `"\${COMPREPLY[@]}"`;
  return execFileSync("bash", ["-c", line], { encoding: "utf8" }).split("\n").filter(Boolean);
}

describe("bash", () => {
  test("completes commands, subcommands, flags and a flag's allowed values", () => {
    assert.deepEqual(complete(["crs", "ru"]), ["runs"]);
    assert.ok(complete(["crs", ""]).includes("serve"), "the server commands are offered too");
    assert.deepEqual(complete(["crs", "runs", "st"]), ["start"]);
    assert.ok(complete(["crs", "findings", "update", "F-1", "--"]).includes("--reason"));
    assert.ok(complete(["crs", "me", "--"]).includes("--jq"));
    assert.ok(complete(["crs", "runs", "view", "--"]).includes("--web"));
    assert.deepEqual(complete(["crs", "findings", "update", "F-1", "--status", "w"]), ["wont-fix"]);
    assert.deepEqual(complete(["crs", "completion", ""]), ["bash", "zsh", "fish", "--help"]);
  });
});

describe("zsh and fish", () => {
  test("zsh loads the bash function through bashcompinit; fish lists subcommands and flags per command", async () => {
    const zsh = await c.run(["completion", "zsh"]);
    assert.equal(zsh.code, 0);
    assert.match(zsh.out, /bashcompinit/);
    assert.match(zsh.out, /complete -F _crs crs/);
    const fish = await c.run(["completion", "fish"]);
    assert.match(fish.out, /^complete -c crs -n '__fish_seen_subcommand_from runs; and not __fish_seen_subcommand_from .*start.*' -a '.*watch.*'$/m);
    assert.match(
      fish.out,
      /^complete -c crs -n '__fish_seen_subcommand_from findings; and __fish_seen_subcommand_from update' -l status -x -a '.*wont-fix.*'/m,
    );
  });

  test("an unknown shell is a usage error (exit 2)", async () => {
    assert.equal((await c.run(["completion", "ksh"])).code, 2);
  });
});
