// The answer the model must give, as one zod schema: its JSON Schema goes to the provider (OpenAI
// response_format / tools, Anthropic tools) and the same schema checks whatever comes back,
// structured or text. Unknown keys are dropped: an answer can say nothing but findings.
import { z } from "zod";
import type { ModelFindingAnswer } from "./types.ts";

const finding = z.object({
  path: z.string().min(1).max(500).describe("Repository-relative path of the file, exactly as given"),
  startLine: z.number().int().min(1).describe("First line of the problem, as numbered in the code shown"),
  endLine: z.number().int().min(1).describe("Last line of the problem (at most 20 lines after startLine)"),
  snippet: z.string().min(1).max(2000).describe("The code of those lines, quoted exactly"),
  title: z.string().min(1).max(200).describe("Short name of the problem"),
  severity: z.enum(["info", "low", "medium", "high", "critical"]).describe("How bad it is if exploited or hit"),
  cwe: z.number().int().min(1).max(10_000).nullable().describe("CWE number where one applies, else null"),
  explanation: z.string().min(1).max(4000).describe("Why it is a problem and how to fix it (markdown)"),
  fix: z
    .object({
      description: z.string().max(500).describe("What the fix does"),
      replacement: z.string().max(4000).describe("New code replacing lines startLine..endLine entirely"),
    })
    .nullable()
    .describe("Optional suggested fix, else null"),
});

const answerSchema = z.object({
  findings: z.array(finding).describe("Problems found in the code shown; empty when there are none"),
});

/** Size limits are checked here, not asked of the provider: strict structured output refuses some of them. */
const checkedHere = new Set(["minLength", "maxLength", "minimum", "maximum", "minItems", "maxItems"]);
const withoutLimits = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(withoutLimits)
    : v && typeof v === "object"
      ? Object.fromEntries(
          Object.entries(v)
            .filter(([k]) => !checkedHere.has(k))
            .map(([k, x]) => [k, withoutLimits(x)]),
        )
      : v;

/** JSON Schema of the answer for the providers' structured output (strict: every key required). */
export function answerJsonSchema(): Record<string, unknown> {
  const s = withoutLimits(z.toJSONSchema(answerSchema, { target: "draft-7" })) as Record<string, unknown>;
  delete s.$schema;
  return s;
}

/** `invalid`: findings of the answer that do not fit the schema (dropped and counted, not fatal). */
export type ParsedAnswer = { ok: true; findings: ModelFindingAnswer[]; invalid: number } | { ok: false; error: string };

const envelope = z.object({ findings: z.array(z.unknown()) });

/** Checks a structured answer (already an object): the envelope must fit, each finding is kept or not on its own. */
export function checkAnswer(value: unknown): ParsedAnswer {
  const r = envelope.safeParse(value);
  if (!r.success) {
    const first = r.error.issues[0];
    return { ok: false, error: `${first?.path.join(".") || "answer"}: ${first?.message ?? "invalid"}` };
  }
  const findings: ModelFindingAnswer[] = [];
  for (const f of r.data.findings) {
    const one = finding.safeParse(f);
    if (one.success) findings.push(one.data);
  }
  return { ok: true, findings, invalid: r.data.findings.length - findings.length };
}

/**
 * A text answer (small local models answer in prose or fenced JSON): the JSON object in it,
 * checked by the same schema.
 */
export function parseTextAnswer(text: string): ParsedAnswer {
  const fenced = /```(?:json)?\s*\n([\s\S]*?)```/.exec(text)?.[1];
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  const candidate = fenced ?? (start < 0 ? "" : text.slice(start, end > start ? end + 1 : undefined));
  if (!candidate.trim()) return { ok: false, error: "no JSON object in the answer" };
  let value: unknown;
  try {
    value = JSON.parse(candidate);
  } catch (e) {
    return { ok: false, error: `not valid JSON: ${(e as Error).message.slice(0, 200)}` };
  }
  return checkAnswer(value);
}
