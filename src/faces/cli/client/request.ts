// An operation call as the REST request the server routes it from: path parameters in the path,
// the rest in the query (GET and the operation's query fields) or the JSON body, header fields
// as headers. The mirror image of src/faces/rest/rest.ts gatherInput.
import type { OperationDefinition } from "../../../kernel/operation.ts";
import { pathParams } from "../../../kernel/operation.ts";
import type { Call } from "./api.ts";

const queryValue = (v: unknown) => (Array.isArray(v) ? v.join(",") : String(v));

export function callOf(op: Pick<OperationDefinition, "method" | "path" | "queryFields" | "headerFields">, input: Record<string, unknown>): Call {
  const rest = { ...input };
  let path = op.path;
  for (const name of pathParams(op.path)) {
    path = path.replace(`{${name}}`, encodeURIComponent(String(rest[name] ?? "")));
    delete rest[name];
  }
  const headers: Record<string, string> = {};
  for (const [header, field] of Object.entries(op.headerFields ?? {})) {
    if (rest[field] !== undefined) headers[header] = String(rest[field]);
    delete rest[field];
  }
  const query: Record<string, string> = {};
  const inQuery = op.method === "GET" ? Object.keys(rest) : (op.queryFields ?? []);
  for (const k of inQuery) {
    if (rest[k] !== undefined) query[k] = queryValue(rest[k]);
    delete rest[k];
  }
  const hasBody = op.method !== "GET" && (Object.keys(rest).length > 0 || op.method === "POST");
  return { method: op.method, path, query, headers, ...(hasBody ? { body: rest } : {}) };
}

/** `owner/name` or a numeric id as the {owner}/{repo} path pair (an id travels as `<id>/-`). */
export function repoPathOf(ref: string): { owner: string; repo: string } {
  if (/^\d+$/.test(ref)) return { owner: ref, repo: "-" };
  const slash = ref.indexOf("/");
  return slash < 0 ? { owner: ref, repo: "" } : { owner: ref.slice(0, slash), repo: ref.slice(slash + 1) };
}
