// Test support: GitHub's official OpenAPI description (@octokit/openapi, api.github.com.json) as a
// request validator for the GitHub stand-in. Only the operations crs calls are compiled (the whole
// description is 13 MB); a request that matches none of them is itself a failure.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

type Json = Record<string, unknown>;
interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  required?: boolean;
  schema: Json;
}
interface Compiled {
  method: string;
  template: string;
  pattern: RegExp;
  names: string[];
  params: Map<string, { where: string; required: boolean; validate: ValidateFunction }>;
  body: { required: boolean; validate: ValidateFunction; known: Set<string> | null } | null;
}

/** The operations of GitHub's REST API that crs calls: method + path template, as in the description. */
const githubOperations = [
  ["get", "/repos/{owner}/{repo}"],
  ["get", "/repos/{owner}/{repo}/pulls"],
  ["get", "/repos/{owner}/{repo}/pulls/{pull_number}"],
  ["post", "/repos/{owner}/{repo}/hooks"],
  ["post", "/repos/{owner}/{repo}/issues/{issue_number}/comments"],
  ["patch", "/repos/{owner}/{repo}/issues/comments/{comment_id}"],
  ["post", "/repos/{owner}/{repo}/pulls/{pull_number}/reviews"],
  ["get", "/repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}/comments"],
  ["post", "/repos/{owner}/{repo}/pulls/{pull_number}/comments"],
  ["post", "/repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies"],
  ["post", "/repos/{owner}/{repo}/statuses/{sha}"],
  ["post", "/repos/{owner}/{repo}/check-runs"],
  ["patch", "/repos/{owner}/{repo}/check-runs/{check_run_id}"],
  ["post", "/app/installations/{installation_id}/access_tokens"],
] as const;

function load(): Json {
  const pkg = createRequire(import.meta.url).resolve("@octokit/openapi/package.json");
  return JSON.parse(readFileSync(join(dirname(pkg), "generated", "api.github.com.json"), "utf8")) as Json;
}

/** Inlines the description's local $refs (#/components/...) so each schema compiles on its own. */
function inline(doc: Json, node: unknown, seen: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((n) => inline(doc, n, seen));
  if (node === null || typeof node !== "object") return node;
  const ref = (node as Json).$ref;
  if (typeof ref === "string") {
    if (seen.includes(ref)) return {}; // a recursive schema: accept anything below the loop
    const target = ref
      .slice(2)
      .split("/")
      .reduce<unknown>((at, key) => (at as Json)[key], doc);
    return inline(doc, target, [...seen, ref]);
  }
  return Object.fromEntries(Object.entries(node as Json).map(([k, v]) => [k, inline(doc, v, seen)]));
}

let compiled: Compiled[] | null = null;

function compile(): Compiled[] {
  const doc = load();
  const ajv = new Ajv({ strict: false, allErrors: true, logger: false });
  // ajv-formats is CommonJS whose typings declare a namespace, not the function it exports.
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  // OpenAPI's number formats: JSON schema has no such formats; the type keyword already checks them.
  for (const f of ["int32", "int64"]) ajv.addFormat(f, true);
  const paths = doc.paths as Record<string, Record<string, Json>>;
  return githubOperations.map(([method, template]) => {
    const op = inline(doc, paths[template]?.[method]) as Json | undefined;
    if (!op) throw new Error(`@octokit/openapi has no ${method} ${template}`);
    const names: string[] = [];
    const pattern = new RegExp(
      `^${template.replace(/\{([^}]+)\}/g, (_, n: string) => {
        names.push(n);
        return "([^/]+)";
      })}$`,
    );
    const params = new Map<string, { where: string; required: boolean; validate: ValidateFunction }>();
    for (const p of (op.parameters ?? []) as Parameter[]) {
      params.set(p.name, { where: p.in, required: p.required === true, validate: ajv.compile(p.schema) });
    }
    const rb = op.requestBody as { required?: boolean; content?: Record<string, { schema: Json }> } | undefined;
    const schema = rb?.content?.["application/json"]?.schema;
    const props = schema?.properties as Json | undefined;
    const body = schema ? { required: rb?.required === true, validate: ajv.compile(schema), known: props ? new Set(Object.keys(props)) : null } : null;
    return { method: method.toUpperCase(), template, pattern, names, params, body };
  });
}

/** A param's text as the JSON value its schema expects (query strings carry only text). */
function coerce(text: string, validate: ValidateFunction): unknown {
  if (validate(text)) return text;
  const n = Number(text);
  if (text !== "" && !Number.isNaN(n) && validate(n)) return n;
  if (text === "true" || text === "false") return text === "true";
  return text;
}

export interface GitHubRequestCheck {
  /** The operation's path template, or null when the request matches none crs may call. */
  operation: string | null;
  params: Record<string, string>;
  errors: string[];
}

/** Validates one request (path without the API prefix) against GitHub's description. */
export function checkGitHubRequest(method: string, path: string, query: URLSearchParams, body: unknown): GitHubRequestCheck {
  compiled ??= compile();
  for (const op of compiled) {
    const m = op.pattern.exec(path);
    if (!m || op.method !== method) continue;
    const params: Record<string, string> = {};
    op.names.forEach((n, i) => {
      params[n] = decodeURIComponent(m[i + 1] ?? "");
    });
    const errors: string[] = [];
    for (const [name, p] of op.params) {
      const value = p.where === "path" ? params[name] : p.where === "query" ? query.get(name) : undefined;
      if (p.where === "header") continue;
      if (value === undefined || value === null) {
        if (p.required) errors.push(`missing ${p.where} parameter ${name}`);
        continue;
      }
      if (!p.validate(coerce(value, p.validate))) errors.push(`${p.where} parameter ${name}: ${JSON.stringify(p.validate.errors)}`);
    }
    for (const key of query.keys()) if (!op.params.has(key)) errors.push(`unknown query parameter ${key}`);
    if (op.body) {
      if (body === undefined) {
        if (op.body.required) errors.push("missing request body");
      } else if (!op.body.validate(body)) {
        errors.push(`body: ${JSON.stringify(op.body.validate.errors)}`);
      } else if (op.body.known && body && typeof body === "object") {
        for (const key of Object.keys(body)) if (!op.body.known.has(key)) errors.push(`body: unknown property ${key}`);
      }
    } else if (body !== undefined) {
      errors.push("a body where the operation takes none");
    }
    return { operation: op.template, params, errors };
  }
  return { operation: null, params: {}, errors: [`${method} ${path} is not an operation crs calls`] };
}
