// Loads YAML rule files (built-in and custom), validates every document and compiles it for
// matching. A bad rule becomes a RuleProblem with file and line; it never stops the others.
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "@ast-grep/napi";
import type { NapiConfig } from "@ast-grep/napi";
import { LineCounter, parseAllDocuments } from "yaml";
import type { Confidence, RuleProblem, Severity } from "./types.ts";
import { ruleDocument } from "./rule-schema.ts";
import { ensureParsers, parserName } from "./languages.ts";
import type { Language } from "./languages.ts";
import { ruleNeed } from "./fast/prefilter.ts";
import type { Need } from "./fast/need.ts";
import { cachedDocs } from "./rule-cache.ts";
import { nativeRegexes } from "./text.ts";

export interface Rule {
  id: string;
  language: Language;
  title: string;
  description: string;
  severity: Severity;
  cwe: number[];
  confidence: Confidence;
  tags: string[];
  taint?: string;
  /** A second judgement of each match (rule-schema.ts `check`). */
  check?: "redos" | "prototype-pollution";
  /** False when the rule reports nothing in test suites (rule-schema.ts `suites`). */
  suites?: false;
  /** False when the rule reports nothing in output compiled from TypeScript (rule-schema.ts `compiled`). */
  compiled?: false;
  /** The same check's names in ESLint, whose disable directives mark a match as deliberate (lint-directives.ts). */
  lint?: string[];
  /** Findings that captured `key` wait for the tree's configuration (config-values.ts). */
  lookup?: { key: string; fallback?: string; value: string };
  fix?: string;
  config: NapiConfig;
  /** What a file must contain for the rule to match (prefilter.ts); empty when it cannot be told. */
  need: Need;
  source: { file: string; line: number };
}

export interface RuleSet {
  rules: Rule[];
  problems: RuleProblem[];
}

export const builtinRulesDir = fileURLToPath(new URL("./rules/", import.meta.url));
const maxRuleFileBytes = 1 << 20;

async function ruleFiles(dir: string, depth = 0): Promise<string[]> {
  if (depth > 8) return [];
  const out: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true });
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const p = join(dir, e.name);
    if (e.isDirectory() && e.name !== "examples") out.push(...(await ruleFiles(p, depth + 1)));
    // taint.yml files belong to the taint engine and have their own format.
    else if (e.isFile() && /\.ya?ml$/.test(e.name) && e.name !== "taint.yml") out.push(p);
  }
  return out;
}

/** One YAML document of a rule file: its first line and value, or its first YAML error. */
export interface RuleDoc {
  line: number;
  raw?: unknown;
  error?: { line: number; message: string };
  /** The line of a value by its path (for schema problems); absent for documents read from the cache. */
  lineOf?: (path: (string | number)[]) => number;
}

function yamlDocs(text: string): RuleDoc[] {
  const lc = new LineCounter();
  const docs = parseAllDocuments(text, { lineCounter: lc });
  return (Array.isArray(docs) ? docs : [docs]).map((doc): RuleDoc => {
    const line = lc.linePos(doc.range[0]).line;
    const e = doc.errors[0];
    if (e) return { line, error: { line: e.linePos?.[0]?.line ?? line, message: e.message.split("\n")[0]! } };
    const lineOf = (path: (string | number)[]): number => {
      const node = doc.getIn(path, true) as { range?: [number, number] } | undefined;
      return node?.range ? lc.linePos(node.range[0]).line : line;
    };
    return { line, raw: doc.toJS(), lineOf };
  });
}

/**
 * Parses one rule file's text; `file` is only used in problems. `builtin`: its documents may come from the
 * cache (cachedDocs), and its regexes are ours, written for ASCII word classes (nativeRegex); a custom rule's
 * regexes keep ast-grep's own reading.
 */
export function parseRuleText(text: string, file: string, builtin = false): RuleSet {
  return rulesOf(builtin ? cachedDocs(text, yamlDocs) : yamlDocs(text), text, file, builtin);
}

function rulesOf(docs: RuleDoc[], text: string, file: string, builtin: boolean): RuleSet {
  ensureParsers();
  const rules: Rule[] = [];
  const problems: RuleProblem[] = [];
  const native = builtin ? nativeRegexes : <T>(x: T): T => x;
  for (const doc of docs) {
    const line = doc.line;
    if (doc.error) {
      problems.push({ file, line: doc.error.line, reason: `YAML: ${doc.error.message}` });
      continue;
    }
    const raw: unknown = doc.raw;
    if (raw === null || raw === undefined) continue;
    const parsed = ruleDocument.safeParse(raw);
    if (!parsed.success) {
      // A document from the cache has no positions: the file is parsed again for this problem's line.
      if (!doc.lineOf) return rulesOf(yamlDocs(text), text, file, builtin);
      const issue = parsed.error.issues[0]!;
      const at = doc.lineOf(issue.path as (string | number)[]);
      problems.push({ file, line: at, reason: `${issue.path.join(".") || "document"}: ${issue.message}` });
      continue;
    }
    const d = parsed.data;
    const config: NapiConfig = { rule: native(d.rule) as NapiConfig["rule"] };
    if (d.constraints) config.constraints = native(d.constraints) as NapiConfig["constraints"];
    if (d.utils) config.utils = native(d.utils) as NapiConfig["utils"];
    // Compiling against an empty tree surfaces bad patterns, kinds and regexes at load time. The built-in rules
    // are compiled by their own test (rule-examples.test.ts): checking them again cost each review about 120 ms
    // of native compilation before its first file.
    if (!builtin) {
      try {
        parse(parserName(d.language), "").root().findAll(config);
      } catch (e) {
        problems.push({ file, line, reason: `${d.id}: ${(e as Error).message.split("\n")[0]}` });
        continue;
      }
    }
    rules.push({
      id: d.id,
      language: d.language,
      title: d.title,
      description: d.description.trim(),
      severity: d.severity,
      cwe: d.cwe,
      confidence: d.confidence,
      tags: d.tags,
      taint: d.metadata?.taint,
      fix: d.fix,
      config,
      ...(d.metadata?.lookup ? { lookup: d.metadata.lookup } : {}),
      ...(d.metadata?.check ? { check: d.metadata.check } : {}),
      ...(d.metadata?.lint ? { lint: d.metadata.lint } : {}),
      ...(d.metadata?.suites === false ? { suites: false as const } : {}),
      ...(d.metadata?.compiled === false ? { compiled: false as const } : {}),
      need: ruleNeed(d.rule, { constraints: d.constraints, utils: d.utils, prefilter: d.metadata?.prefilter, prefilterRegex: d.metadata?.prefilterRegex }),
      source: { file, line },
    });
  }
  return { rules, problems };
}

/** Loads the built-in rules and any custom rule directories; later ids override earlier ones. */
export async function loadRules(options: { customRulesDirs?: string[]; builtin?: boolean } = {}): Promise<RuleSet> {
  const dirs = [...(options.builtin === false ? [] : [builtinRulesDir]), ...(options.customRulesDirs ?? [])];
  const byId = new Map<string, Rule>();
  const problems: RuleProblem[] = [];
  for (const dir of dirs) {
    let files: string[];
    try {
      files = await ruleFiles(dir);
    } catch (e) {
      problems.push({ file: dir, reason: `cannot read rule directory: ${(e as NodeJS.ErrnoException).code ?? "error"}` });
      continue;
    }
    for (const f of files) {
      const name = dir === builtinRulesDir ? relative(builtinRulesDir, f) : f;
      let text: string;
      try {
        const buf = await readFile(f);
        if (buf.length > maxRuleFileBytes) throw Object.assign(new Error("too large"), { code: "too large" });
        text = buf.toString("utf8");
      } catch (e) {
        problems.push({ file: name, reason: `cannot read rule file: ${(e as NodeJS.ErrnoException).code ?? "error"}` });
        continue;
      }
      const set = parseRuleText(text, name, dir === builtinRulesDir);
      problems.push(...set.problems);
      for (const r of set.rules) byId.set(r.id, r);
    }
  }
  return { rules: [...byId.values()], problems };
}
