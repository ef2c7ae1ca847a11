// The {owner}/{repo} path parameters every repository operation takes.
import { z } from "zod";

export const ownerParam = z
  .string()
  .min(1)
  .max(100)
  .describe('Owner part of the repository\'s owner/name, or its numeric id when repo is "-" (e.g. /repositories/42/-).');
export const repoParam = z.string().min(1).max(100).describe('Name part of the repository\'s owner/name, or "-" when owner is the numeric id.');
