// The dashboard's trend and rules are exact on seeded reviews, on whichever store DATABASE_URL names:
// "fixed" counts per repository the findings its previous full review had and the next one lacks
// (a finding that comes back is not new to the workspace, which the old estimate missed), and the
// most frequent rules count the open findings as the inbox does (not fixed or false-positive ones).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { RepositoryRow } from "../src/capabilities/repositories/index.ts";
import { type Browser, signIn, userWithPassword } from "./browser.ts";
import { engineFinding, importAt } from "./fixtures/findings.ts";
import { readyRepository } from "./fixtures/repositories.ts";
import { json, startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";

let t: TestServer;
let ws: TestWorkspace;
let browser: Browser;
let repo: RepositoryRow;
before(async () => {
  t = await startTestServer();
  ws = await t.workspace();
  repo = await readyRepository(t, ws);
  const user = await userWithPassword(t, ws, "member");
  ({ browser } = await signIn(t, user.email, user.password));
});
after(() => t.close());

const seen = new Set<string>();

/** A full review of `sha` finding `findings`, completed now, its totals as the worker writes them. */
async function review(sha: string, findings: ReturnType<typeof engineFinding>[]) {
  const id = await importAt(t, ws, repo, sha, findings);
  const fresh = findings.filter((f) => !seen.has(f.fingerprint));
  for (const f of fresh) seen.add(f.fingerprint);
  const at = new Date().toISOString();
  await t.app.store.db
    .updateTable("runs")
    .set({ state: "complete", started_at: at, ended_at: at, findings_json: JSON.stringify({ total: findings.length, new: fresh.length, bySeverity: {} }) })
    .where("id", "=", id)
    .execute();
}

const finding = (name: string, rule: string, line: number) => engineFinding({ ruleId: rule, fingerprint: `dash-${name}`, title: `Finding ${name}`, line });

describe("dashboard counts", () => {
  test("fixed counts what each review stopped finding, a returning finding included; rules count open findings at the default heads", async () => {
    const head = (await t.app.mirrors.get(repo.id).listRefs()).branch(repo.default_branch ?? "main")!.sha;
    const history = await t.app.mirrors.get(repo.id).firstParents(head, 10);
    assert.ok(history.length >= 3, "the test repository has three commits on its default branch");
    const [third, second, first] = [history[0]!, history[1]!, history[2]!];
    const a = finding("a", "rule.a", 2);
    const b = finding("b", "rule.a", 4);
    const c = finding("c", "rule.b", 6);
    const d = finding("d", "rule.b", 8);
    await review(first, [a, b, c]);
    // B and C fixed (2); D is new.
    await review(second, [a, d]);
    // D fixed (1); B is back, known to the workspace, so "previous + new - total" read 2 + 0 - 2 = 0 here.
    await review(third, [a, b]);

    const home = await browser.get("/app");
    assert.equal(home.status, 200);
    const trend = JSON.parse(/data-trend="([^"]*)"/.exec(home.text)![1]!.replaceAll("&quot;", '"'));
    assert.deepEqual({ open: trend.open, fixed: trend.fixed }, { open: [2], fixed: [3] });

    // At the default head A and B are open (rule.a); C and D read fixed there, so rule.b is not listed.
    const rules = () => [...home.text.matchAll(/<tr><td><code>([^<]+)<\/code><\/td><td>(\d+)<\/td><\/tr>/g)].map((m) => [m[1], Number(m[2])]);
    assert.deepEqual(rules(), [["rule.a", 2]]);
    const keyOf = async (fingerprint: string) =>
      (
        await t.app.store.db
          .selectFrom("findings")
          .select("number")
          .where("workspace_id", "=", ws.id)
          .where("fingerprint", "=", fingerprint)
          .executeTakeFirstOrThrow()
      ).number;
    const patch = await t.request(`/api/v2/findings/F-${await keyOf(a.fingerprint)}`, {
      method: "PATCH",
      token: ws.token,
      json: { status: "false-positive", reason: "test data" },
    });
    assert.equal(patch.status, 200, await patch.text());

    const again = await browser.get("/app");
    const counted = [...again.text.matchAll(/<tr><td><code>([^<]+)<\/code><\/td><td>(\d+)<\/td><\/tr>/g)].map((m) => [m[1], Number(m[2])]);
    assert.deepEqual(counted, [["rule.a", 1]]);
    // The same number the inbox shows for that rule among open findings.
    const inbox = await json(await t.request("/api/v2/findings?status=open&rule=rule.a&limit=1", { token: ws.token }));
    assert.equal(inbox.total, 1);
  });

  test("a rule named like an object's own member (`constructor`, `toString`) is counted as any other", async () => {
    const head = (await t.app.mirrors.get(repo.id).listRefs()).branch(repo.default_branch ?? "main")!.sha;
    await review(head, [finding("a", "rule.a", 2), finding("b", "rule.a", 4), finding("e", "constructor", 10), finding("f", "toString", 12)]);
    const home = await browser.get("/app");
    const counted = [...home.text.matchAll(/<tr><td><code>([^<]+)<\/code><\/td><td>(\d+)<\/td><\/tr>/g)].map((m) => [m[1], Number(m[2])]);
    assert.deepEqual(counted, [
      ["constructor", 1],
      ["rule.a", 1],
      ["toString", 1],
    ]);
  });
});
