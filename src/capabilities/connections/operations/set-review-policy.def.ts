import { z } from "zod";
import { defineOperation } from "../../../kernel/operation.ts";
import { idParam } from "../../../kernel/schemas.ts";

const onOff = z.enum(["on", "off"]);
const cents = z
  .string()
  .max(12)
  .regex(/^(\d{1,10})?$/, "a whole number of cents, or empty for none");

// Web-only (the manifest's webOperations): the connection page's policy form, for admins.
export const setReviewPolicyDefinition = defineOperation({
  id: "set_review_policy",
  method: "POST",
  path: "/app/repositories/{id}/policy",
  summary: "Set a repository's review policy",
  description:
    "Automatic reviews of a connected repository's pull requests: on or off, forks, focuses, caps, inline comments, the failing severity. Admins only.",
  scopes: [],
  bucket: "settings",
  mcp: false,
  readOnly: false,
  input: z.object({
    id: idParam("repository").describe("The repository's id."),
    autoReview: onOff.describe("Review pull requests when opened or pushed to."),
    forks: onOff.describe("Also pull requests from forks."),
    focuses: z.string().max(1500).describe("Comma-separated focus slugs."),
    maxRunPriceCents: cents.describe("Most one automatic run may cost; empty for no cap."),
    dailyCapCents: cents.describe("Most automatic runs may cost per UTC day; empty for no cap."),
    inlineComments: z.coerce.number().int().min(0).max(100).describe("Inline comments per review, 0 to 100."),
    failAtSeverity: z.enum(["info", "low", "medium", "high", "critical"]).describe("Lowest severity that fails the check."),
  }),
  output: z.object({ saved: z.literal(true).describe("Always true.") }),
});
