// The one list of capabilities. Every other list is derived from their manifests: the operation
// table (REST, MCP, OpenAPI, the CLI catalog), `crs admin`, the server's extra routes, background
// services and first-start steps. The order is the operation table's order.
import { connections } from "../capabilities/connections/capability.ts";
import { documents } from "../capabilities/documents/capability.ts";
import { findings } from "../capabilities/findings/capability.ts";
import { focuses } from "../capabilities/focuses/capability.ts";
import { identity } from "../capabilities/identity/capability.ts";
import { oauth } from "../capabilities/oauth/capability.ts";
import { repositories } from "../capabilities/repositories/capability.ts";
import { runs } from "../capabilities/runs/capability.ts";
import type { Capability } from "../kernel/capability.ts";

export const capabilities: readonly Capability[] = [identity, oauth, focuses, repositories, findings, runs, documents, connections];
