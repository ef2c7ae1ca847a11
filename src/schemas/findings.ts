// Response shapes of findings as lists show them.
import { z } from "zod";

export const severityValues = ["info", "low", "medium", "high", "critical"] as const;
export const findingStatuses = ["open", "investigating", "fixed", "wont-fix", "false-positive", "duplicate"] as const;

export const findingItemSchema = z.object({
  id: z.number().int().describe("Finding id."),
  key: z.string().describe("Display key such as F-42."),
  title: z.string().describe("What is wrong, in a line."),
  severity: z.enum(severityValues).describe("info, low, medium, high or critical."),
  status: z.enum(findingStatuses).describe("The status where it is read."),
  ruleId: z.string().describe("The rule that reported it."),
  location: z.object({
    path: z.string().describe("Repository-relative path."),
    startLine: z.number().int().describe("First line (1-based)."),
    endLine: z.number().int().describe("Last line (1-based, inclusive)."),
  }).describe("Where it was reported."),
}).describe("A finding in a list.");
