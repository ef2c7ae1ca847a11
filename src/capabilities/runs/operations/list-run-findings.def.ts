import { z } from "zod";
import { cursorParam, limitParam, nextCursor } from "../../../kernel/schemas.ts";
import { findingListFormats, runFindingItemSchema } from "../../findings/schemas.ts";
import { runPathParam, runSchema } from "../schemas.ts";
import { defineOperation } from "../../../kernel/operation.ts";

export const listRunFindingsDefinition = defineOperation({
  id: "list_run_findings",
  method: "GET",
  path: "/runs/{run}/findings",
  summary: "List a run's findings",
  description:
    "The findings a run imported into the inbox, in the order it reported them. Empty, with import.state pending, until the run's findings were " +
    "imported; then import.state is imported or partial (import.reason says why some were left out).",
  scopes: ["runs:read", "findings:read"],
  bucket: "reads",
  mcp: true,
  readOnly: true,
  formats: findingListFormats,
  input: z.object({ run: runPathParam, limit: limitParam(), cursor: cursorParam }),
  output: z.object({
    nextCursor,
    items: z
      .array(runFindingItemSchema)
      .describe("The findings of this page; suppression flags crs-ignore comments, and a change review those the change adds."),
    import: runSchema.shape.import,
    asOf: z.string().describe("When this answer was read (ISO 8601)."),
  }),
});
