// The envelope of a tools/call request. The SDK checks it with its own schema and answers a bad
// one with JSON-RPC -32603 and the validator's raw dump; we check it first and answer -32602
// (Invalid params) with one short sentence. A tool's own arguments are checked by the operation
// and fail as an isError result (invalid_request with details), so the model can correct them.
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";

export interface CallParams {
  name: string;
  arguments: Record<string, unknown>;
  /** The request as received, for forwarding (the stdio proxy). */
  raw: Record<string, unknown>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export function callParams(params: unknown): CallParams {
  const bad = (message: string) => new McpError(ErrorCode.InvalidParams, `Invalid tools/call params: ${message}`);
  if (!isObject(params)) throw bad("params must be an object with name and arguments.");
  if (typeof params.name !== "string" || params.name === "") throw bad("name must be a non-empty string (the tool's name).");
  if (params.arguments !== undefined && !isObject(params.arguments)) throw bad("arguments must be an object.");
  if (params._meta !== undefined && !isObject(params._meta)) throw bad("_meta must be an object.");
  return { name: params.name, arguments: (params.arguments as Record<string, unknown> | undefined) ?? {}, raw: params };
}
