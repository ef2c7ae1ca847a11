import { z } from "zod";
import { estimateSchema, runRequestFields } from "../schemas.ts";
import { defineOperation } from "../../../kernel/operation.ts";

export const estimateRunDefinition = defineOperation({
  id: "estimate_run",
  method: "POST",
  path: "/runs/estimate",
  summary: "Estimate a run",
  description:
    "Prices a run without starting it: a full review at a position (at, default the default branch head) or a change review (change: {pr} or " +
    "{branch, since?}), with optional focuses, scope globs, extra repositories, steering and documents. Returns the price, the billable files and lines per " +
    "repository, the balance and a quote to pass to start_run within 15 minutes. A change that cannot be reviewed is 409 change_refused (details.reason " +
    "thin, identical, large or detached); nothing reviewable in scope is 409 nothing_to_review.",
  scopes: ["runs:write"],
  bucket: "runs:estimate",
  alsoCharges: ["shared"],
  mcp: true,
  readOnly: true,
  input: z.object(runRequestFields),
  output: estimateSchema,
});
