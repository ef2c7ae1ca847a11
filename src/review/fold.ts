// One weakness, one finding (per file). A pattern finding on a line that a taint finding of the same
// weakness (a shared CWE) starts on or passes through is the same problem seen twice: the taint
// finding stays, with its flow and the more severe of the two severities. Of two taint findings of one
// rule, one sink on the other's flow or inside it, the first on the way stays. A predictable value is
// one weakness however many sinks it reaches: taint findings of that class from one source fold
// into the first, the other sinks as related locations. Findings left on one line are ordered most
// severe first, so that whatever marks the later ones duplicates keeps the severe one in view. A secret the
// scanner found is one finding however many rules name it.
import type { Finding, Location } from "./types.ts";
import { severities } from "./types.ts";

const rank = (f: Finding): number => severities.indexOf(f.severity);
const shareCwe = (a: Finding, b: Finding): boolean => a.cwe.some((c) => b.cwe.includes(c));
const lineKey = (l: Location): string => `${l.path}\n${l.startLine}`;
/** Classes whose weakness is where the value is made, not where it is used. */
const sourceClasses = new Set(["insecure-random"]);

function sourceClass(f: Finding): string | undefined {
  if (f.engine !== "taint" || !f.flow?.length) return undefined;
  return f.tags.find((t) => sourceClasses.has(t));
}

/** The findings of one file with the duplicates described above folded. */
export function foldFindings(findings: Finding[]): Finding[] {
  if (findings.length < 2) return findings;
  const taint = findings.filter((f) => f.engine === "taint");
  // Taint findings from one predictable source: the first stays, the other sinks join it.
  const bySource = new Map<string, Finding>();
  const merged = new Map<Finding, Finding>();
  const folded = new Set<Finding>();
  for (const f of taint) {
    const cls = sourceClass(f);
    if (!cls) continue;
    const src = f.flow![0]!;
    const key = `${cls}\n${lineKey(src)}:${src.startColumn}`;
    const first = bySource.get(key);
    if (!first) {
      bySource.set(key, f);
      continue;
    }
    const kept = merged.get(first) ?? first;
    merged.set(first, {
      ...kept,
      severity: rank(f) > rank(kept) ? f.severity : kept.severity,
      relatedLocations: [...kept.relatedLocations, { ...f.location, message: `also reaches: ${f.title}` }],
    });
    folded.add(f);
  }
  // A sink whose tainted value another sink of the same weakness made on its way (`session.execute(text(f"…{user}"))`,
  // `q = text(…)` then `session.execute(q)`): one query built once, reported where the text is made.
  const upstream = (g: Finding, f: Finding): boolean =>
    g !== f && g.ruleId === f.ruleId && !folded.has(g) && [f.location, ...(f.flow ?? [])].some((l) => within(g.location, l));
  for (const f of taint) {
    const by = folded.has(f) ? undefined : taint.find((g) => upstream(g, f) && !upstream(f, g));
    if (!by) continue;
    // The sink further on stays in view beside the first (`os.path.exists(p)` then `open(p)`).
    const kept = merged.get(by) ?? by;
    merged.set(by, { ...kept, relatedLocations: [...kept.relatedLocations, { ...f.location, message: `also reaches: ${f.title}` }] });
    folded.add(f);
  }
  // Pattern findings on a line that a taint finding of the same weakness covers, or where the secret scanner found
  // the value itself (`js.hardcoded-credential`): the scanner's finding names the kind of secret and shows it redacted.
  const covered = new Map<string, Finding[]>();
  const cover = (l: Location, f: Finding): void => {
    const list = covered.get(lineKey(l)) ?? [];
    if (!list.includes(f)) list.push(f);
    covered.set(lineKey(l), list);
  };
  for (const f of taint) if (!folded.has(f)) for (const l of [f.location, ...(f.flow ?? [])]) cover(l, f);
  for (const f of findings) if (f.engine === "secrets") cover(f.location, f);
  const out: Finding[] = [];
  for (const f of findings) {
    if (folded.has(f)) continue;
    if (f.engine === "pattern") {
      const by = covered.get(lineKey(f.location))?.find((t) => shareCwe(t, f));
      if (by) {
        const kept = merged.get(by) ?? by;
        if (rank(f) > rank(kept)) merged.set(by, { ...kept, severity: f.severity });
        continue;
      }
    }
    out.push(f);
  }
  return severeFirst(out.map((f) => merged.get(f) ?? f));
}

/** `inner` lies within `outer` (or is the same place). */
function within(inner: Location, outer: Location): boolean {
  const starts = inner.startLine > outer.startLine || (inner.startLine === outer.startLine && inner.startColumn >= outer.startColumn);
  const ends = inner.endLine < outer.endLine || (inner.endLine === outer.endLine && inner.endColumn <= outer.endColumn);
  return inner.path === outer.path && starts && ends;
}

/** Findings of one line that share a CWE, most severe first in the places they held (the rest keep their order). */
function severeFirst(findings: Finding[]): Finding[] {
  const byLine = new Map<string, number[]>();
  findings.forEach((f, i) => {
    const k = lineKey(f.location);
    byLine.set(k, [...(byLine.get(k) ?? []), i]);
  });
  const out = findings.slice();
  for (const idx of byLine.values()) {
    if (idx.length < 2) continue;
    const group = idx.map((i) => findings[i]!);
    if (!group.some((a, j) => group.some((b, k) => k > j && shareCwe(a, b) && rank(b) > rank(a)))) continue;
    const sorted = group.slice().sort((a, b) => rank(b) - rank(a));
    idx.forEach((i, j) => {
      out[i] = sorted[j]!;
    });
  }
  return out;
}
