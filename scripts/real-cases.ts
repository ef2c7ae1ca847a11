// The labels of bench/real (cases.json), read and checked for shape; shared by eval-real.ts and its test.
import { readFileSync } from "node:fs";
import { z } from "zod";

const side = z
  .object({
    file: z.string().min(1).describe("path of the labelled file inside the tree (vulnerable/ or fixed/), forward slashes"),
    function: z.tuple([z.number().int().positive(), z.number().int().positive()]).describe("first and last line of the function holding the weakness"),
    line: z.number().int().positive().describe("the weak line: the sink, or in the fixed twin the place it maps to through the fix"),
  })
  .strict();

const realCase = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]*$/)
      .describe("unique case name; also the folder name under the language folder"),
    language: z.enum(["js", "python"]).describe("js covers JavaScript and TypeScript"),
    class: z
      .string()
      .regex(/^[a-z-]+$/)
      .describe("vulnerability class, e.g. command-injection, path-traversal"),
    cwe: z.array(z.number().int().positive()).min(1).describe("CWE numbers that count as this class"),
    fixElsewhere: z.boolean().describe("true when the fix changes a line other than the weak line (a guard earlier in the function, a helper)"),
    summary: z.string().min(1).describe("one line: what the code does and where the weakness is"),
    vulnerable: side.describe("the weakness in vulnerable/"),
    fixed: side.describe("the same place in fixed/, mapped through the fix"),
  })
  .strict();

const labels = z
  .object({
    cases: z.array(realCase).describe("one entry per vulnerable/fixed pair"),
  })
  .strict();

export type Side = z.infer<typeof side>;
export type RealCase = z.infer<typeof realCase> & { dir: string };

export function loadCases(root: string): RealCase[] {
  const parsed = labels.parse(JSON.parse(readFileSync(`${root}cases.json`, "utf8")));
  return parsed.cases.map((c) => ({ ...c, dir: `${c.language}/${c.id}` }));
}

// The parts of a `crs review --json` finding the score reads.
export interface Loc {
  path: string;
  startLine: number;
}
export interface Finding {
  ruleId: string;
  cwe?: number[];
  tags?: string[];
  confidence?: string;
  location: Loc;
  flow?: Loc[];
}

export const norm = (p: string) => p.replace(/\\/g, "/").replace(/^\.\//, "");

// A finding "of the class": one of its CWEs is in the class's list, or its rule id or tags name the class.
export function ofClass(f: Finding, c: Pick<RealCase, "class" | "cwe">): boolean {
  if ((f.cwe ?? []).some((n) => c.cwe.includes(n))) return true;
  // Whole words only: "nosql-injection" does not name "sql-injection".
  const named = new RegExp(`(^|[^a-z])${c.class}($|[^a-z])`);
  return [f.ruleId, ...(f.tags ?? [])].some((n) => named.test(n.toLowerCase()));
}

// At the weak point: the primary location or one flow step in the labelled file, inside the function
// or within 3 lines of the weak line.
export function atWeakPoint(f: Finding, side: Side): boolean {
  const near = (l: Loc) =>
    norm(l.path) === side.file && ((l.startLine >= side.function[0] && l.startLine <= side.function[1]) || Math.abs(l.startLine - side.line) <= 3);
  return near(f.location) || (f.flow ?? []).some(near);
}
