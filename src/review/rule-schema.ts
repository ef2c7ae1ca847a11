// The rule format: an ast-grep rule (rule, constraints, utils, fix) plus our metadata.
import { z } from "zod";
import { severities } from "./types.ts";
import { languages } from "./languages.ts";

const taintClassNames = [
  "command-injection",
  "code-injection",
  "sql-injection",
  "nosql-injection",
  "ldap-injection",
  "xpath-injection",
  "path-traversal",
  "xss",
  "ssrf",
  "open-redirect",
  "xxe",
  "deserialization",
  "log-injection",
] as const;

const astRule = z.record(z.string(), z.unknown());

export const ruleDocument = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z][a-z0-9]*(\.[a-z0-9][a-z0-9-]*)+$/)
    .describe("Stable rule id: `<language prefix>.<name>`, e.g. `js.command-injection`"),
  language: z.enum(languages).describe("Language the patterns are written in; javascript rules also run on TypeScript"),
  title: z.string().min(1).max(200).describe("One-line statement of the problem"),
  description: z.string().min(1).describe("Why it is a problem and how to fix it (markdown)"),
  severity: z.enum(severities).describe("Default severity, adjustable by focus documents"),
  cwe: z.array(z.number().int().positive()).default([]).describe("CWE ids the finding is an instance of"),
  confidence: z.enum(["low", "medium", "high"]).default("medium").describe("How likely a match is a real problem"),
  tags: z.array(z.string().min(1)).default([]).describe("Free labels used by rule selectors, e.g. `crypto`"),
  rule: astRule.describe("ast-grep rule object (pattern, kind, regex, all, any, not, has, inside, ...)"),
  constraints: z.record(z.string(), astRule).optional().describe("ast-grep constraints on metavariables"),
  utils: z.record(z.string(), astRule).optional().describe("ast-grep utility rules, referenced with `matches`"),
  fix: z.string().optional().describe("Replacement for the matched code; `$NAME` and `$$$NAME` insert metavariables"),
  metadata: z
    .looseObject({
      prefilter: z
        .array(z.string().min(2))
        .optional()
        .describe("Words (case-insensitive) of which a file must contain one for the rule to run; speeds up kind-based rules"),
      prefilterRegex: z
        .string()
        .refine((s) => {
          try {
            new RegExp(s, "iu");
            return true;
          } catch {
            return false;
          }
        }, "not a valid JavaScript regular expression")
        .optional()
        .describe(
          "A JavaScript regular expression (flags iu) a file's text must match for the rule to run: it must match every text holding code the " +
            "rule matches (spaces and comments between tokens too)",
        ),
      taint: z.enum(taintClassNames).optional().describe("Injection class: findings go through taint refinement in languages that support it"),
      check: z
        .enum(["redos", "prototype-pollution"])
        .optional()
        .describe(
          "An analysis joined to the rule: `redos` keeps a match only when the regular expression it holds is super-linear (engines/redos.ts; " +
            "a match holding no literal pattern stays); `prototype-pollution` adds the merge and set-by-path functions " +
            "engines/prototype-pollution.ts finds",
        ),
      lookup: z
        .strictObject({
          key: z
            .string()
            .regex(/^[A-Z_][A-Z0-9_]*$/)
            // biome-ignore lint/suspicious/noTemplateCurlyInString: the description names a ${key:default} placeholder
            .describe("Metavariable holding the configuration key's string literal (or a `${key:default}` placeholder)"),
          fallback: z
            .string()
            .regex(/^[A-Z_][A-Z0-9_]*$/)
            .optional()
            .describe("Metavariable holding the default the code passes with the key"),
          value: z.string().min(1).describe("Regex (case-insensitive) a resolved value must match for the finding to stand"),
        })
        .optional()
        .describe("A match that captured `key` is reported only if the value configured for the key (or the fallback) matches `value`"),
      suites: z
        .literal(false)
        .optional()
        .describe(
          "false: the rule reports nothing in a project's test suites (suite-paths.ts), for a fault a test runner reports by itself " +
            "when it happens (an unhandled rejection fails the run)",
        ),
      compiled: z
        .literal(false)
        .optional()
        .describe(
          "false: the rule reports nothing in output compiled from TypeScript (a file naming its .js or .mjs source map last), for a " +
            "shape the compiler leaves that nobody wrote (`x = x` from `x = x as T`); the source file is where a slip would be",
        ),
      lint: z
        .array(z.string().regex(/^[@\w/-]+$/))
        .optional()
        .describe(
          "Names of the linter rules (ESLint's) that check the same thing: an `eslint-disable-line` directive naming one on the match's line, " +
            "or `eslint-disable-next-line` on the line above, says the code is deliberate, and the match is not reported",
        ),
    })
    .optional()
    .describe("Extra data; `taint` marks injection-class rules"),
});
