// Test support: a request to the GitLab stand-in checked against the endpoint schemas (gitlab-schemas.ts):
// which endpoint it is, its path parameters, and what is wrong with its query or body.
import { Ajv, type ValidateFunction } from "ajv";
import { type Endpoint, gitlabEndpoints } from "./gitlab-schemas.ts";

interface CompiledEndpoint {
  endpoint: Endpoint;
  pattern: RegExp;
  names: string[];
  query: ValidateFunction | null;
  body: ValidateFunction | null;
}
let compiled: CompiledEndpoint[] | null = null;

function compile(): CompiledEndpoint[] {
  const ajv = new Ajv({ strict: false, allErrors: true, coerceTypes: true, logger: false });
  ajv.addFormat("uri", /^https?:\/\/[^\s/$.?#][^\s]*$/i);
  return gitlabEndpoints.map((endpoint) => {
    const names: string[] = [];
    const pattern = new RegExp(
      `^${endpoint.template.replace(/:([a-z_]+)/g, (_, n: string) => {
        names.push(n);
        return "([^/]+)";
      })}$`,
    );
    const query = ajv.compile({ type: "object", additionalProperties: false, properties: endpoint.query ?? {} });
    return { endpoint, pattern, names, query, body: endpoint.body ? ajv.compile(endpoint.body) : null };
  });
}

export interface GitLabRequestCheck {
  endpoint: string | null;
  params: Record<string, string>;
  errors: string[];
}

/** Validates one request (path under /api/v4) against the endpoints' schemas. */
export function checkGitLabRequest(method: string, path: string, query: URLSearchParams, body: unknown): GitLabRequestCheck {
  compiled ??= compile();
  for (const c of compiled) {
    const m = c.pattern.exec(path);
    if (!m || c.endpoint.method !== method) continue;
    const params: Record<string, string> = {};
    c.names.forEach((n, i) => {
      params[n] = decodeURIComponent(m[i + 1] ?? "");
    });
    const errors: string[] = [];
    if (c.query && !c.query(Object.fromEntries(query))) errors.push(`query: ${JSON.stringify(c.query.errors)}`);
    if (c.body) {
      if (body === undefined) errors.push("missing request body");
      else if (!c.body(body)) errors.push(`body: ${JSON.stringify(c.body.errors)}`);
    } else if (body !== undefined) {
      errors.push("a body where the endpoint takes none");
    }
    return { endpoint: c.endpoint.template, params, errors };
  }
  return { endpoint: null, params: {}, errors: [`${method} ${path} is not an endpoint crs calls`] };
}
