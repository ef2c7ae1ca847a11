// Small files of one language matched as one tree. ast-grep compiles a rule (parses its patterns,
// builds its regexes) on every findAll, and on a file of a few dozen lines that costs several times
// the matching; joined at line boundaries, a run of small files pays each rule's compilation once.
// A file's findings must be exactly those it gets alone, so a file whose part of the joined tree
// is not its own tree (a syntax error, a statement running into the next file, a match spanning
// files) is handed back to be analysed alone. Which files are joined: pack-runs.ts.
import { kind, parse } from "@ast-grep/napi";
import type { Range, SgNode } from "@ast-grep/napi";
import type { Language } from "../languages.ts";
import { parserName } from "../languages.ts";
import { satisfied } from "./need.ts";
import type { FileText } from "../text.ts";
import { collectFindings, ruleJobs } from "../engines/patterns.ts";
import { runRules } from "./merged.ts";
import { JoinedTree } from "../engines/taint/fast/joined-window.ts";
import type { TaintWindow, WindowKid } from "../engines/taint/fast/joined-window.ts";
import type { LanguagePack, MatchOutcome } from "../engines/patterns.ts";

export interface PackMember {
  path: string;
  text: FileText;
  /** The pack scanner's terms in the text (token-scanner.ts). */
  present: ReadonlySet<string>;
}

/** The member holding 0-based joined line `line`: the last whose first line is at or before it. */
function memberAt(starts: number[], line: number): number {
  let lo = 0,
    hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= line) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** A range's first and last line, not counting a line it ends at the very start of. */
const lines = (r: Range): [number, number] => [r.start.line, r.end.column === 0 && r.end.line > r.start.line ? r.end.line - 1 : r.end.line];

/** A joined member's pattern findings, and its part of the tree for taint analysis. */
export type PackedOutcome = MatchOutcome & { window: TaintWindow };

/**
 * Matches the pack's rules over the members joined into one tree. Returns each member's outcome,
 * or null for a member to analyse alone. `onParsed` is told the joined source's size (trees.ts).
 */
export function matchPacked(
  pack: LanguagePack,
  lang: Language,
  members: PackMember[],
  deadline: number,
  onParsed: (chars: number) => void,
  extra?: ReadonlySet<string>,
): (PackedOutcome | null)[] {
  const starts: number[] = [];
  const offsets: number[] = [];
  const parts: string[] = [];
  let line = 0;
  let offset = 0;
  for (const m of members) {
    starts.push(line);
    offsets.push(offset);
    const s = m.text.source;
    const part = s.endsWith("\n") ? s : `${s}\n`;
    parts.push(part);
    offset += part.length;
    for (let i = part.indexOf("\n"); i >= 0; i = part.indexOf("\n", i + 1)) line++;
  }
  const joined = parts.join("");
  onParsed(joined.length);
  const top = parse(parserName(lang), joined).root();
  // Members whose part of the tree is not their own tree go back to be analysed alone: those a
  // top-level node or a match runs across, and those holding a syntax error (found by the rules' walk).
  const alone = new Set<number>();
  const cover = (r: Range): [number, number] => {
    const [first, last] = lines(r);
    return [memberAt(starts, first), memberAt(starts, last)];
  };
  const setAlone = ([a, b]: [number, number]): void => {
    for (let i = a; i <= b; i++) alone.add(i);
  };
  // Each member's top-level nodes, with the ranges read here (taint's window reuses them).
  const kids = members.map((): WindowKid[] => []);
  for (const node of top.children()) {
    const range = node.range();
    const c = cover(range);
    if (c[0] !== c[1]) setAlone(c);
    else kids[c[0]]!.push({ node, range });
  }
  const present = members.map((m) => m.present);
  const outcomes = members.map((): MatchOutcome => ({ findings: [], nodes: new Map(), failed: [], timedOut: false, extra: null }));
  const seen = members.map(() => new Map<string, number>());
  // Members share their live rules (liveRules); each keeps only the matches its own text allows,
  // as alone, and the rules run with the alternatives any member's text allows. A member holding a
  // syntax error is known only after the walk: its text may add alternatives, which can match
  // nowhere else (a node an alternative matches holds the words that alternative needs).
  const live = pack.rules.map((r) => present.map((p, j) => !alone.has(j) && satisfied(r.need, p)));
  const union = new Set<string>();
  present.forEach((p, j) => {
    if (!alone.has(j)) for (const t of p) union.add(t);
  });
  const run = runRules(
    top,
    joined.length,
    ruleJobs(
      pack,
      live.map((l) => l.includes(true)),
      union,
    ),
    deadline,
    extra,
    true,
  );
  if (run.timedOut) return members.map(() => null);
  for (const e of run.errors ?? top.findAll(kind(parserName(lang), "ERROR"))) setAlone(cover(e.range()));
  for (const i of run.failed)
    outcomes.forEach((o, j) => {
      if (live[i]![j]) o.failed.push(pack.rules[i]!.id);
    });
  for (const [i, nodes] of [...run.nodes].sort((a, b) => a[0] - b[0])) {
    const byMember = new Map<number, SgNode[]>();
    for (const node of nodes) {
      const [j, last] = cover(node.range());
      if (j !== last) {
        setAlone([j, last]);
        continue;
      }
      if (!live[i]![j]) continue;
      const list = byMember.get(j) ?? [];
      list.push(node);
      byMember.set(j, list);
    }
    for (const [j, list] of byMember) {
      const m = members[j]!;
      outcomes[j]!.findings.push(...collectFindings(pack.rules[i]!, list, m.text, m.path, seen[j]!, starts[j]!, outcomes[j]!.nodes));
    }
  }
  const tree = new JoinedTree(top, run.extra);
  return outcomes.map((o, j) =>
    alone.has(j)
      ? null
      : { ...o, window: { tree, shift: { index: offsets[j]!, line: starts[j]! }, end: offsets[j]! + members[j]!.text.source.length, kids: kids[j]! } },
  );
}
