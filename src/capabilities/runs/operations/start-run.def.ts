import { z } from "zod";
import { runLimits, runRequestFields, runSchema } from "../schemas.ts";
import { defineOperation } from "../../../kernel/operation.ts";

export const startRunDefinition = defineOperation({
  id: "start_run",
  method: "POST",
  path: "/runs",
  summary: "Start a paid run",
  description:
    "Starts a run and charges its price to the workspace's credits. maxPriceCents is the highest price accepted (409 price_exceeds_max above it). " +
    "With a quote from estimate_run the run reviews exactly what was priced (409 quote_stale when it expired or the content changed); without one it is " +
    "priced afresh. 402 insufficient_credits or spend_cap_reached when the workspace cannot pay. A repeated Idempotency-Key (REST) or requestId (MCP) with " +
    "the same request returns the run already started (200) instead of a new one (201); with another request it is 409 idempotency_key_reused.",
  scopes: ["runs:write"],
  bucket: "runs:write",
  alsoCharges: ["shared"],
  mcp: true,
  readOnly: false,
  headerFields: { "Idempotency-Key": "requestId" },
  successStatus: 201,
  alsoAnswers: { status: 200, description: "The run already started with this Idempotency-Key and the same request." },
  input: z.object({
    ...runRequestFields,
    maxPriceCents: z.number().int().min(0).max(runLimits.maxPriceCents).describe("The highest price in cents you accept; required, at least 0."),
    quote: z.string().min(1).max(4096).optional().describe("The quote from estimate_run (1 to 4096 characters), valid 15 minutes."),
    requestId: z
      .string()
      .min(1)
      .max(255)
      .regex(/^[\u0021-\u007e]+$/, "printable ASCII without spaces")
      .optional()
      .describe("Idempotency key (REST: the Idempotency-Key header), 1 to 255 characters: the same key and request return the run already started."),
  }),
  output: z.object({ run: runSchema, priceCents: z.number().int().describe("The price charged in cents.") }),
});
