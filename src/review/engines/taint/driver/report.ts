// Turns sink hits into findings: rule id, severity and CWE of the class, the flow as locations.
import type { TNode } from "../syntax/node.ts";
import type { Finding, Location } from "../../../types.ts";
import { fingerprint } from "../../../fingerprint.ts";
import { classInfo, classTags, isTaintClass } from "../syntax/classes.ts";
import type { TaintClass } from "../syntax/classes.ts";
import type { SinkHit } from "./hits.ts";
import type { Step } from "../model/state.ts";

function snippet(node: TNode): string {
  const t = node.text();
  const nl = t.indexOf("\n");
  const first = nl >= 0 ? `${t.slice(0, nl)} …` : t;
  return first.length > 160 ? `${first.slice(0, 160)}…` : first;
}

function locationOf(path: string, node: TNode, message: string): Location {
  const r = node.range();
  return {
    path,
    startLine: r.start.line + 1,
    startColumn: r.start.column + 1,
    endLine: r.end.line + 1,
    endColumn: r.end.column + 1,
    snippet: snippet(node),
    message,
  };
}

const stepLabel: Record<string, string> = { source: "source", param: "source parameter", step: "step" };

/** The flow's steps from its source, a step at the node of the one before it written once (a constructor keeping an
 * options object field by field steps through `this.opts = options` for each). */
function flowSteps(last: Step): Step[] {
  const steps: Step[] = [];
  for (let s: Step | null = last; s; s = s.prev) {
    const next = steps[steps.length - 1];
    if (next && next.node.id() === s.node.id() && next.kind === s.kind) steps[steps.length - 1] = s;
    else steps.push(s);
  }
  return steps.reverse();
}

/** Builds the findings of one file; `counts` keeps identical (rule, sink, source) apart. */
export function hitToFinding(path: string, prefix: string, hit: SinkHit, counts: Map<string, number>): Finding {
  const cls = hit.className as TaintClass;
  const info = classInfo[cls];
  const ruleId = `${prefix}.taint.${cls}`;
  const steps = flowSteps(hit.taint.step);
  const source = steps[0]!;
  const sinkText = snippet(hit.node);
  const sourceText = snippet(source.node);
  const flow = steps.map((s) => locationOf(path, s.node, `${stepLabel[s.kind] ?? s.kind} (${s.sourceId}): ${snippet(s.node)}`));
  const sink = locationOf(path, hit.node, `sink (${cls}): ${sinkText}${hit.note ? `, ${hit.note}` : ""}`);
  flow.push(sink);
  const code = `${hit.node.text()}\n${source.node.text()}`;
  const key = `${ruleId}\0${code.replace(/\s+/g, "")}`;
  const n = counts.get(key) ?? 0;
  counts.set(key, n + 1);
  return {
    ruleId,
    title: info.title,
    severity: info.severity,
    cwe: info.cwe,
    confidence: hit.taint.confidence,
    description:
      (cls === "insecure-random"
        ? `A predictable value from \`${sourceText}\` (${source.sourceId}) reaches \`${sinkText}\` through ${steps.length - 1} step(s).`
        : `Untrusted data from \`${sourceText}\` (${source.sourceId}) reaches \`${sinkText}\` ` +
          `through ${steps.length - 1} step(s) without passing a sanitizer for ${cls}.`) +
      (hit.note ? ` The sink is ${hit.note}.` : "") +
      `\n\n${info.fix}`,
    tags: classTags(cls),
    location: sink,
    relatedLocations: [flow[0]!],
    flow,
    fingerprint: fingerprint(ruleId, path, code, n ? String(n) : ""),
    engine: "taint",
  };
}

const cweClass = new Map<number, TaintClass>([
  [78, "command-injection"],
  [77, "command-injection"],
  [94, "code-injection"],
  [95, "code-injection"],
  [89, "sql-injection"],
  [943, "nosql-injection"],
  [90, "ldap-injection"],
  [643, "xpath-injection"],
  [22, "path-traversal"],
  [23, "path-traversal"],
  [79, "xss"],
  [918, "ssrf"],
  [601, "open-redirect"],
  [611, "xxe"],
  [502, "deserialization"],
  [117, "log-injection"],
  [501, "trust-boundary"],
  [88, "argument-injection"],
  [730, "regex-injection"],
  [470, "unsafe-reflection"],
]);

/** The injection class of a pattern finding: a `taint:<class>` or `<class>` tag, else its CWE. */
export function patternClass(f: Finding): TaintClass | null {
  for (const t of f.tags) {
    const c = t.startsWith("taint:") ? t.slice(6) : t;
    if (isTaintClass(c)) return c;
  }
  for (const c of f.cwe) {
    const cls = cweClass.get(c);
    if (cls) return cls;
  }
  return null;
}
