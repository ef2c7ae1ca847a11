import { z } from "zod";
import { runPathParam, runSchema } from "../schemas.ts";
import { defineOperation } from "../../../kernel/operation.ts";

export const cancelRunDefinition = defineOperation({
  id: "cancel_run",
  method: "POST",
  path: "/runs/{run}/cancel",
  summary: "Cancel a run",
  description:
    "Cancels a run. A queued run is cancelled at once and its price refunded (result cancelled); a started one stops at its next checkpoint " +
    "(result cancelling, cancellationRequested true) and is refunded if its analysis had not finished. A complete, failed or cancelled run is 409 conflict.",
  scopes: ["runs:manage"],
  bucket: "runs:manage",
  mcp: true,
  readOnly: false,
  destructive: true,
  idempotent: true,
  input: z.object({ run: runPathParam }),
  output: z.object({
    run: runSchema,
    result: z
      .enum(["cancelled", "cancelling"])
      .describe("cancelled: the queued run was cancelled and refunded; cancelling: the running run stops at its " + "next checkpoint."),
  }),
});
