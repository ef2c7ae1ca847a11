import { z } from "zod";
import { limitParam } from "../../../kernel/schemas.ts";
import { refsSchema } from "../schemas.ts";
import { ownerParam, repoParam } from "./params.def.ts";
import { defineOperation } from "../../../kernel/operation.ts";

export const listRefsDefinition = defineOperation({
  id: "list_refs",
  method: "GET",
  path: "/repositories/{owner}/{repo}/refs",
  summary: "List branches, pull requests and tags",
  description:
    "The refs the service has mirrored (as of the last successful sync), each with its head sha and whether that head was reviewed. " +
    "Not paginated: narrow with q; limit caps each list. 409 position_unavailable (mirror_unavailable) before the first sync, " +
    "409 repository_not_runnable when access to the remote was lost, 503 repository_access_unavailable when the remote could not be reached.",
  scopes: ["repos:read"],
  bucket: "reads",
  mcp: true,
  readOnly: true,
  input: z.object({
    owner: ownerParam,
    repo: repoParam,
    q: z
      .string()
      .max(200)
      .optional()
      .describe("Case-insensitive substring filter on names, at most 200 characters; for pull requests it matches the number (a leading # is ignored)."),
    limit: limitParam(200, 100).describe("Items per list, 1 to 200 (default 100): applied to branches, pullRequests and tags separately."),
  }),
  output: refsSchema,
});
