// The first-start step of `npm start`: a demo repository generated under the data directory,
// registered in the demo workspace and mirrored, with the bugs a first review should find.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { bootstrap, type BootstrapResult } from "../src/server/bootstrap.ts";
import { repositories } from "../src/capabilities/repositories/capability.ts";
import { json, startTestServer, type TestServer } from "./harness.ts";

let t: TestServer;
let fresh: BootstrapResult | undefined;
before(async () => {
  t = await startTestServer();
  fresh = await bootstrap(t.app, repositories.bootstrapSteps);
});
after(() => t.close());

test("a fresh start registers demo/acme-shop, mirrored, and names it in the banner notes", async () => {
  assert.ok(fresh);
  assert.ok(
    fresh.notes.some((n) => n.startsWith("demo repo: demo/acme-shop")),
    JSON.stringify(fresh.notes),
  );
  const list = await json(await t.request("/api/v2/repositories", { token: fresh.apiKey }));
  assert.equal(list.items.length, 1);
  const [repo] = list.items;
  assert.deepEqual([repo.fullName, repo.defaultBranch, repo.access, repo.mirror.state], ["demo/acme-shop", "main", "ok", "ready"]);
});

test("the demo repository has a feature branch, a pull request and a tag", async () => {
  const refs = await json(await t.request("/api/v2/repositories/demo/acme-shop/refs", { token: fresh!.apiKey }));
  assert.deepEqual(
    refs.branches.map((b: any) => b.name),
    ["feature/list-orders", "main"],
  );
  assert.deepEqual(
    refs.pullRequests.map((p: any) => p.number),
    [1],
  );
  assert.deepEqual(
    refs.tags.map((x: any) => x.name),
    ["v0.1.0"],
  );
});

test("its files hold the planted bugs: command injection, SQL injection and a hard-coded key", async () => {
  const repo = await t.app.store.db.selectFrom("repositories").selectAll().executeTakeFirstOrThrow();
  const mirror = t.app.mirrors.get(repo.id);
  const head = (await mirror.listRefs()).branch("main")!.sha;
  const text: Record<string, string> = {};
  for await (const f of mirror.readFiles(head)) if (f.content) text[f.path.toString()] = f.content.toString("utf8");
  assert.match(text["server.js"]!, /exec\("ping -c 1 " \+ host/);
  assert.match(text["reports.py"]!, /execute\(f"SELECT .*\{customer\}/);
  assert.match(text["config.py"]!, /AWS_ACCESS_KEY_ID = "AKIA[0-9A-Z]{16}"/);
});
