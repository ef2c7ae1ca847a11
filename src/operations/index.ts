// The one ordered list of operations. REST routes, MCP tools, CLI commands and OpenAPI are built
// from it and nowhere else. Later capabilities add their operations here.
import type { Operation } from "./operation.ts";
import { getMe } from "./identity/get-me.ts";
import { listMembers } from "./identity/list-members.ts";

export const operations: readonly Operation[] = [
  getMe,
  listMembers,
] as unknown as readonly Operation[];
