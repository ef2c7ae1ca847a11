// `metadata.prefilterRegex` rules a file out for a rule (a file no rule may match is not parsed): the
// built-in ones must hold wherever their rule matches, in real code and in matches inserted into it
// with spaces, comments and type annotations between the tokens.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parse } from "@ast-grep/napi";
import { satisfied } from "./need.ts";
import { TokenScanner } from "./token-scanner.ts";
import type { Need } from "./need.ts";
import { FileAnalyzer } from "../analyze-file.ts";
import { loadRules } from "../index.ts";
import { ensureParsers, parserName } from "../languages.ts";
import { packageSources } from "../testing/package-sources.ts";

const rules = (await loadRules()).rules;

test("a regex term is found when the text matches it, and tried only where the rest of its requirement holds", () => {
  const need: Need = [["w:token"], ["r:token\\s*="]];
  const scanner = new TokenScanner([need]);
  assert.equal(satisfied(need, scanner.scan("const token = 1")), true);
  assert.equal(satisfied(need, scanner.scan("use(token)")), false);
  assert.equal(scanner.scan("TOKENS = 1").has("r:token\\s*="), false, "the word clause fails: the regex is not tried");
});

/** Per rule with a prefilterRegex: lines that hold a match, with spaces, comments and types between tokens. */
const inserts: Record<string, string[]> = {
  "js.hardcoded-credential": [
    'const apiKey = "k3yV4lue9x";',
    "var db_password /* old */ =\n  'hunter2hunter2';",
    'let signingKey: string = "abcdefgh12";',
    "export const cfg = { 'client_secret' : \"abcdefgh12\" };",
    'var JWT_SECRET // kept here\n  = "abcdefgh12xyz";',
    'const o = { privateKey:\n/* pem */ "MIIEvQIBADANBg" };',
    'jwt.sign(user, "s3cr3t-value");',
  ],
  "js.sql-injection": [
    `db.query(\`SELECT * FROM t WHERE id = \${id}\`);`,
    'pool\n  .query( /* q */ "SELECT * FROM t WHERE id = " + id);',
    "conn?.execute('DELETE FROM t WHERE id = ' + id);",
    `knex // builder\n  .raw(\`x \${y}\`);`,
    'prisma.$queryRawUnsafe("SELECT * FROM u WHERE n = " + name);',
    `db.query<Row>(\`SELECT \${id}\`);`,
  ],
  "js.ldap-injection": [
    `client.search(base, { filter: \`(uid=\${user})\` }, done);`,
    "ldap\n  .search( /* dn */ base, { scope: 'sub', filter: '(cn=' + name + ')' });",
  ],
};

test("wherever a rule with a prefilterRegex matches, real or inserted with spaces, comments and types, its requirement holds", () => {
  ensureParsers();
  const sources = packageSources(["pg", "ioredis", "fastify", "pino", "commander", "zod"], 12);
  for (const [id, lines] of Object.entries(inserts)) {
    const rule = rules.find((r) => r.id === id)!;
    assert.ok(
      rule.need.some((c) => c.some((t) => t.startsWith("r:"))),
      `${id} has a prefilterRegex`,
    );
    const scanner = new TokenScanner([rule.need]);
    const holds = (t: string) => satisfied(rule.need, scanner.scan(t));
    let inserted = 0;
    let cleared = 0;
    for (const { path: p, text, lang } of sources) {
      const count = (t: string) => parse(parserName(lang), t).root().findAll(rule.config).length;
      const found = count(text);
      if (found) assert.ok(holds(text), `${p}: ${found} matches of ${id}, the prefilter says none`);
      else if (!holds(text)) cleared++;
      for (const line of lines) {
        const t = `${text}\n${line}\n`;
        if (count(t) <= found) continue;
        inserted++;
        assert.ok(holds(t), `${p}: inserted ${JSON.stringify(line)}, ${id}'s prefilter says none`);
      }
    }
    assert.ok(inserted > 10 * lines.length, `${id}: ${inserted} inserted matches checked`);
    assert.ok(cleared > 20, `${id}: ${cleared} files cleared`);
  }
});

test("files naming an API key but assigning it no literal, reading a request's query or naming a search filter are not parsed; a literal key is found", () => {
  const a = new FileAnalyzer({ rules, selections: [], overrides: [], taint: false, maxBytes: 1 << 20, timeBudgetMs: 60_000 });
  const file = (path: string, text: string) => ({ file: { path, content: Buffer.from(text) } });
  const out = a.analyzeMany([
    file("client.js", "export function client(options) {\n  const apiKey = options.apiKey ?? process.env.API_KEY;\n  return { apiKey };\n}\n"),
    file("config.js", 'export const apiKey = "k3y-V4lue.9xQ2";\n'),
    file("search.js", "export const page = (params) => Number(params.query.page ?? 1);\n"),
    file("options.js", "export const defaults = { search: '', filter: 'all' };\n"),
  ]);
  assert.equal(a.treeless.files, 3, "client.js, search.js and options.js go without a tree");
  assert.deepEqual(out[0]!.findings, []);
  assert.deepEqual(
    out[1]!.findings.map((f) => f.ruleId),
    ["js.hardcoded-credential"],
  );
});
