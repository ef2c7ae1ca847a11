import { z } from "zod";
import { listOrganization } from "../../domain/findings/list.ts";
import { decodeCursor, encodeCursor, nextCursor } from "../../schemas/common.ts";
import { findingItemSchema } from "../../schemas/findings.ts";
import { operation } from "../operation.ts";
import { asOfField, countsSchema, filterParams, filtersOf } from "./params.ts";

const cursorShape = z.object({ t: z.string().max(40), n: z.number().int().positive().max(2 ** 31 - 1), r: z.number().int().positive().max(2 ** 31 - 1) });

export const listFindings = operation({
  id: "list_findings",
  method: "GET",
  path: "/findings",
  summary: "List the organization's findings",
  description: "The findings of every registered repository at its default branch head, newest first; a finding in several repositories is listed once per repository. Repositories that cannot be evaluated now (not mirrored, access lost) are named in unavailableRepositories. Dismissed findings are hidden unless dismissed=true.",
  scopes: ["findings:read"],
  bucket: "reads",
  mcp: true,
  readOnly: true,
  input: z.object(filterParams),
  output: z.object({
    nextCursor,
    items: z.array(findingItemSchema).describe("The findings of this page."),
    counts: countsSchema,
    total: z.number().int().describe("Findings matching every filter."),
    asOf: asOfField,
    unavailableRepositories: z.array(z.object({
      repository: z.object({ id: z.number().int().describe("Repository id."), fullName: z.string().describe("owner/name.") }).describe("The repository."),
      reason: z.string().describe("Why it could not be evaluated (e.g. mirror_unavailable, remote_not_found, unknown_branch)."),
      message: z.string().describe("The same in words."),
    }).describe("A repository left out.")).describe("Registered repositories whose findings could not be read now."),
  }),
  handler: async (ctx, input) => {
    const cursor = input.cursor ? decodeCursor(input.cursor, cursorShape) : undefined;
    const asOf = cursor?.t ?? ctx.app.now().toISOString();
    const r = await listOrganization(ctx.app, ctx.workspaceId, ctx.userId, filtersOf(input),
      { limit: input.limit, afterNumber: cursor?.n, afterRepository: cursor?.r, asOf }, ctx.app.now());
    return {
      nextCursor: r.last === null ? null : encodeCursor({ t: asOf, n: r.last.number, r: r.last.repository }),
      items: r.items, counts: r.counts, total: r.total, asOf, unavailableRepositories: r.unavailable,
    };
  },
});
