// Focus documents: markdown whose optional YAML front matter steers the rules; the body is the
// instructions the model reviewer reads (src/review/model).
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { ReviewError } from "./errors.ts";
import { severities } from "./types.ts";
import type { Selection, SeverityOverride } from "./select.ts";

const selectorList = z.union([z.string(), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v : [v]));

const frontMatter = z.strictObject({
  only: selectorList.optional().describe("Run only rules matching one of these selectors (id, id glob, tag, cwe-N, language)"),
  exclude: selectorList.optional().describe("Never run rules matching one of these selectors"),
  severity: z
    .record(z.string(), z.union([z.enum(severities), z.enum(["raise", "lower"]), z.string().regex(/^[+-][1-4]$/)]))
    .optional()
    .describe("Selector -> new severity, `raise`/`lower` (one step) or `+N`/`-N` steps"),
});

export interface Focus extends Selection {
  severity: SeverityOverride[];
  /** The markdown after the front matter. */
  instructions: string;
}

/** Splits a focus document into its rule steering (front matter) and its instructions. */
export function parseFocusFrontMatter(markdown: string): Focus {
  const m = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(markdown);
  if (!m) return { severity: [], instructions: markdown.trim() };
  let data: unknown;
  try {
    data = parseYaml(m[1]!) ?? {};
  } catch (e) {
    throw new ReviewError("invalid_input", "The focus document's front matter is not valid YAML.", {
      reason: (e as Error).message.split("\n")[0],
    });
  }
  const parsed = frontMatter.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ReviewError("invalid_input", "The focus document's front matter is invalid.", {
      field: issue.path.join("."),
      reason: issue.message,
    });
  }
  const severity: SeverityOverride[] = Object.entries(parsed.data.severity ?? {}).map(([selector, v]) => {
    if (v === "raise") return { selector, steps: 1 };
    if (v === "lower") return { selector, steps: -1 };
    if (/^[+-]\d$/.test(v)) return { selector, steps: Number(v) };
    return { selector, severity: v as SeverityOverride["severity"] };
  });
  return { only: parsed.data.only, exclude: parsed.data.exclude, severity, instructions: markdown.slice(m[0].length).trim() };
}
