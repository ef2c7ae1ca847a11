// Files of a project's own test suites: tests, fixtures, benchmarks and end-to-end suites (`test/`, `__tests__/`,
// `x.test.js`, `x.spec.ts`, a bundled `x.tests.js`, a small package's one `test.js`, type tests, `test_x.py`, `conftest.py`). Their servers, patterns and
// commands meet only what the suite feeds them, never input anyone else chooses. Examples and scripts are not
// suites: users copy examples, and scripts run on real input.
import type { Finding } from "./types.ts";
import { docExampleSecrets, suiteFixtureSecrets } from "./engines/secrets.ts";

export const suitePath = new RegExp(
  [
    /(?:^|\/)(?:tests?|__tests?__|spec|specs|fixtures?|benchmarks?|bench|e2e|test-d)\//,
    /\.(?:test-d|tst)\.[cm]?tsx?$/,
    /[._-](?:tests?|specs?)\.[cm]?[jt]sx?$|(?:^|\/)tests?\.[cm]?[jt]sx?$/,
    /(?:^|\/)test_[^/]*\.py$|_test\.py$|(?:^|\/)conftest\.py$/,
  ]
    .map((part) => part.source)
    .join("|"),
);

/**
 * Type tests (tsd's `index.test-d.ts` and `test-d/`, tstyche's `x.tst.ts`): the type checker reads them and nothing
 * runs them, so what they would do at run time (a promise left floating, a self-assignment) never happens. They are
 * suites too; only a provider's token in one is still reported.
 */
const typeTestPath = /\.(?:test-d|tst)\.[cm]?tsx?$|(?:^|\/)test-d\//;

/**
 * A suite's own weaknesses (a test client that trusts a self-signed server, an MD5 fixture) are not the
 * product's, nor are the keys and tokens it makes for its tests; a provider's token in it may be a real one,
 * and its correctness findings are bugs in the suite, but for faults the runner reports itself
 * (`suites: false`). Prose documentation keeps all but its example secrets.
 */
export function dropSuiteFindings(findings: Finding[], path: string, rules: readonly { id: string; suites?: false }[] = []): Finding[] {
  if (docPath.test(path)) return findings.filter((f) => f.engine !== "secrets" || !docExampleSecrets.has(f.ruleId));
  if (!suitePath.test(path)) return findings;
  const typesOnly = typeTestPath.test(path);
  // A rule with `suites: false` names a fault the runner reports when it happens (rule-schema.ts).
  const quiet = new Set(rules.filter((r) => r.suites === false).map((r) => r.id));
  return findings.filter((f) =>
    f.engine === "secrets" ? !suiteFixtureSecrets.has(f.ruleId) : !typesOnly && !f.tags.includes("security") && !quiet.has(f.ruleId),
  );
}

/**
 * Prose documentation (a README, a docs page), and an API's example data (an SDK's `examples-1.json` of requests and
 * responses): their secrets are examples (secrets.ts `docExample`).
 */
const docPath = /\.(?:md|markdown|mdx|rst|adoc|asciidoc)$|(?:^|\/)examples?(?:[-_.]\d+)?\.(?:json|ya?ml)$/i;
