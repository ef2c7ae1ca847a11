// Query parameters the findings lists share (the spec's "Shared query parameters").
import { z } from "zod";
import { booleanParam, cursorParam, limitParam, listParam, maxAtLength, printable, printableMessage } from "../../../kernel/schemas.ts";
import { confidenceValues, countsSchema, findingStatuses, inboxLanguages, severityValues, sortOrders } from "../schemas.ts";
import { focusSlugPattern } from "../../focuses/schemas.ts";

// A refinement, not a pattern: the same rule without its long regex in every tool's JSON schema (MCP's size budget).
const text = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((s) => printable.test(s), printableMessage);

export const filterParams = {
  status: listParam(z.enum(findingStatuses), 6).optional().describe("Only these statuses (comma-separated, at most 6)."),
  severity: listParam(z.enum(severityValues), 5).optional().describe("Only these severities (comma-separated, at most 5)."),
  confidence: listParam(z.enum(confidenceValues), 3)
    .optional()
    .describe("Only these confidences (comma-separated low, medium, high; e.g. medium,high hides library-input findings)."),
  assignee: z
    .string()
    .min(1)
    .max(320)
    .regex(printable, printableMessage)
    .optional()
    .describe("me, none, a member id, email or username (a username shared by several members matches all of them); 1 to 320 characters."),
  focus: z
    .string()
    .min(1)
    .max(200)
    .regex(focusSlugPattern, "a focus slug")
    .optional()
    .describe("Only findings reported by runs that followed this focus (slug)."),
  q: text(200).optional().describe("Text in the title, rule id, path or description (any case)."),
  rule: listParam(text(200), 20).optional().describe("Only these rule ids (comma-separated, at most 20)."),
  path: text(1024).optional().describe("Only paths starting with this."),
  language: listParam(z.enum(inboxLanguages), 11).optional().describe("Only these languages (comma-separated)."),
  sort: z.enum(sortOrders).default("newest").describe("Order; a cursor keeps its own."),
  dismissed: booleanParam.default(false).describe("true lists only dismissed findings; false (default) hides them."),
  limit: limitParam(),
  cursor: cursorParam,
};

export const atParam = z
  .string()
  .min(1)
  .max(maxAtLength)
  .optional()
  .describe("Position: default, branch:<name>[@<sha>], pr:<number>[@<sha>] or commit:<sha>; at most 512 characters. Default: the default branch head.");

export const asOfField = z.string().describe("When this answer was read (ISO 8601).");
export { countsSchema };
