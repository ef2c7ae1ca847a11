import assert from "node:assert/strict";
import { test } from "node:test";
import { inlineBody, type PostFinding, summaryBody, verdict } from "./compose.ts";

const finding = (over: Partial<PostFinding>): PostFinding => ({
  id: 1,
  key: "F-1",
  title: "Weak hash",
  severity: "medium",
  ruleId: "py.weak-hash",
  location: { path: "src/a.py", startLine: 3, endLine: 3 },
  baseline: "new",
  webUrl: "https://crs.example/app/findings/F-1",
  ...over,
});

test("verdict: fails on a new finding at the policy's severity or above, never on one the change did not add", () => {
  const medium = finding({});
  assert.equal(verdict([medium], "high").failing.length, 0);
  assert.equal(verdict([medium], "medium").failing.length, 1);
  assert.equal(verdict([medium], "info").failing.length, 1);
  assert.equal(verdict([finding({ severity: "critical", baseline: "unchanged" })], "low").failing.length, 0);
});

test("summary and inline bodies: a hostile title, rule id and path cannot mention, embed an image, hide a link or add HTML", () => {
  const hostile = finding({
    title: "ping @octocat @acme/team ![x](https://evil.example/p.png) [safe](https://evil.example) <img src=x onerror=alert(1)>\n# big",
    ruleId: "rule`@octocat`](https://evil.example)",
    location: { path: "src/`[x](https://evil.example)` @octocat.py", startLine: 1, endLine: 1 },
  });
  const runUrl = "https://crs.example/app/runs/9";
  const bodies = [
    summaryBody({ runId: 9, runUrl, headSha: "a".repeat(40), costCents: 12, failAt: "high", open: [hostile], notInline: [hostile], fixed: 0 }),
    inlineBody(hostile),
  ];
  for (const body of bodies) {
    // Outside code spans no @ is followed by a name, and the only links are crs's own.
    const prose = body.replace(/`[^`\n]*`/g, "");
    assert.ok(!/@[\p{L}\p{N}_-]/u.test(prose), body);
    assert.ok(!prose.includes("!["), body);
    assert.ok(!/<img|<a /i.test(body), body);
    const targets = [...prose.matchAll(/\]\(([^)]*)\)/g)].map((m) => m[1]);
    assert.ok(
      targets.every((u) => u?.startsWith("https://crs.example/")),
      `links: ${targets.join(", ")}`,
    );
    assert.ok(!/^#/m.test(body.replace(/^### crs review/m, "")), "no heading from the title");
  }
});
