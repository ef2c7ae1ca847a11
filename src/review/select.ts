// Rule selectors (`--only`, `--exclude`, focus front matter): a rule id or id glob (`js.*`), a tag,
// a CWE (`cwe-89`), a language, or an explicit `id:`, `tag:`, `cwe:`, `lang:` prefix.
import { severities } from "./types.ts";
import type { Severity } from "./types.ts";

export interface Subject {
  id: string;
  tags: readonly string[];
  cwe: readonly number[];
  language?: string;
}

export interface Selection {
  only?: string[];
  exclude?: string[];
}

export interface SeverityOverride {
  selector: string;
  /** Set the severity to this value... */
  severity?: Severity;
  /** ...or move it up (positive) or down (negative) by this many steps. */
  steps?: number;
}

function globMatch(glob: string, s: string): boolean {
  if (!glob.includes("*")) return glob === s;
  const re = new RegExp(
    `^${glob
      .split("*")
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`,
  );
  return re.test(s);
}

function matchesSelector(selector: string, s: Subject): boolean {
  const sel = selector.trim().toLowerCase();
  const colon = sel.indexOf(":");
  const kind = colon > 0 ? sel.slice(0, colon) : "";
  const value = colon > 0 ? sel.slice(colon + 1) : sel;
  const cwe = /^cwe-?(\d+)$/.exec(kind === "cwe" ? `cwe-${value}` : value);
  switch (kind) {
    case "id":
      return globMatch(value, s.id);
    case "tag":
      return s.tags.some((t) => globMatch(value, t.toLowerCase()));
    case "lang":
    case "language":
      return s.language === value;
    case "cwe":
      return cwe !== null && s.cwe.includes(Number(cwe[1]));
    default:
      if (cwe) return s.cwe.includes(Number(cwe[1]));
      return globMatch(sel, s.id) || s.tags.some((t) => t.toLowerCase() === sel) || s.language === sel;
  }
}

/** Selected when no `only` list is given or one of its selectors matches, and no `exclude` matches. */
export function isSelected(s: Subject, ...selections: Selection[]): boolean {
  for (const sel of selections) {
    if (sel.only?.length && !sel.only.some((x) => matchesSelector(x, s))) return false;
    if (sel.exclude?.some((x) => matchesSelector(x, s))) return false;
  }
  return true;
}

/** Applies overrides in order; the last matching one that sets a value wins, steps accumulate. */
export function adjustSeverity(base: Severity, s: Subject, overrides: readonly SeverityOverride[]): Severity {
  let i = severities.indexOf(base);
  for (const o of overrides) {
    if (!matchesSelector(o.selector, s)) continue;
    if (o.severity) i = severities.indexOf(o.severity);
    if (o.steps) i = Math.min(severities.length - 1, Math.max(0, i + o.steps));
  }
  return severities[i]!;
}
