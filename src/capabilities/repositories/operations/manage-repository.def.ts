import { z } from "zod";
import { defineOperation } from "../../../kernel/operation.ts";
import { idParam } from "../../../kernel/schemas.ts";
import { repositorySchema } from "../schemas.ts";

// Web-only (the manifest's webOperations): an owner's repository buttons in the app, the same domain
// functions as `crs admin repo add|sync|remove`. A member is refused with 403 forbidden.

export const addRepositoryDefinition = defineOperation({
  id: "add_repository",
  method: "POST",
  path: "/app/repositories",
  summary: "Add a repository",
  description:
    "Registers a repository from a git remote and asks for its first sync (owners only). Only https:// remotes on public hosts unless the " +
    "operator allows more; file:// and local paths are operator-only.",
  scopes: [],
  bucket: "settings",
  mcp: false,
  readOnly: false,
  input: z.object({
    remote: z.string().min(1).max(2048).describe("The git remote, e.g. https://github.com/owner/name.git."),
    name: z
      .string()
      .max(201)
      .optional()
      .transform((v) => (v?.trim() ? v.trim() : undefined))
      .describe("owner/name (default: the remote's last two path segments)."),
  }),
  output: repositorySchema,
});

const idInput = z.object({ id: idParam("repository").describe("The repository's id.") });

export const syncRepositoryDefinition = defineOperation({
  id: "sync_repository",
  method: "POST",
  path: "/app/repositories/{id}/sync",
  summary: "Sync a repository",
  description: "Asks for a sync of the repository's mirror now (owners only); the server's scheduler runs it shortly.",
  scopes: [],
  bucket: "settings",
  mcp: false,
  readOnly: false,
  idempotent: true,
  input: idInput,
  output: repositorySchema,
});

export const removeRepositoryDefinition = defineOperation({
  id: "remove_repository",
  method: "POST",
  path: "/app/repositories/{id}/remove",
  summary: "Remove a repository",
  description: "Removes the repository and its mirror (owners only); its findings stay in the inbox.",
  scopes: [],
  bucket: "settings",
  mcp: false,
  readOnly: false,
  destructive: true,
  input: idInput,
  output: z.object({ removed: z.literal(true).describe("Always true: the repository is gone.") }),
});
