// OpenAPI 3.1 generated from the operation table: the same zod schemas that validate requests
// describe them, so the document cannot drift from the behaviour.
import { z } from "zod";
import type { OperationDefinition } from "../../kernel/operation.ts";
import { pathParams } from "../../kernel/operation.ts";
import { ErrorCode } from "../../kernel/errors.ts";
import { jsonSchema, type Json } from "../../kernel/json-schema.ts";

const errorSchema: Json = {
  type: "object",
  required: ["error", "requestId"],
  properties: {
    error: {
      type: "object",
      required: ["code", "message"],
      properties: {
        code: { type: "string", enum: Object.values(ErrorCode), description: "Error code from the error table." },
        message: { type: "string", description: "Human-readable explanation." },
        details: { type: "object", description: "Code-specific details, e.g. issues on validation errors." },
      },
    },
    requestId: { type: "string", description: "Equals the X-Request-Id response header." },
  },
};

function errorStatuses(op: OperationDefinition): number[] {
  const base = [400, 401, 403, 404, 409, 429, 503];
  if (op.method === "POST" || op.method === "PATCH") base.push(413, 415);
  if (op.id === "start_run") base.push(402);
  return [...new Set(base)].sort();
}

function operationObject(op: OperationDefinition): Json {
  const shape = op.input.shape as Record<string, z.ZodType>;
  const inPath = new Set(pathParams(op.path));
  const inQuery = new Set(op.method === "GET" ? Object.keys(shape).filter((k) => !inPath.has(k)) : (op.queryFields ?? []));
  const inHeader = new Map(Object.entries(op.headerFields ?? {}).map(([h, f]) => [f, h]));
  const parameters: Json[] = [];
  const body: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(shape)) {
    const where = inPath.has(name) ? "path" : inQuery.has(name) ? "query" : inHeader.has(name) ? "header" : undefined;
    if (where) {
      const schema = jsonSchema(field, "input");
      parameters.push({
        name: where === "header" ? inHeader.get(name) : name,
        in: where,
        required: where === "path" || !field.safeParse(undefined).success,
        ...(typeof schema.description === "string" ? { description: schema.description } : {}),
        schema,
      });
    } else body[name] = field;
  }
  const formats = Object.entries(op.formats ?? {});
  if (formats.length) {
    parameters.push({
      name: "format",
      in: "query",
      required: false,
      description:
        `The answer's format. json: the paginated list (default); ${formats.map(([name, f]) => `${name}: ${f.description}`).join("; ")}. ` +
        `Accept: ${formats.map(([, f]) => f.mediaType).join(" or ")} asks for the same.`,
      schema: { type: "string", enum: ["json", ...formats.map(([name]) => name)], default: "json" },
    });
  }
  const output: Json = { "application/json": { schema: jsonSchema(op.output, "output") } };
  for (const [name, f] of formats) {
    output[f.mediaType] = { schema: { type: f.mediaType.endsWith("json") ? "object" : "string", description: `format=${name}: ${f.description}` } };
  }
  const responses: Json = { [String(op.successStatus ?? 200)]: { description: op.summary, content: output } };
  if (op.alsoAnswers) responses[String(op.alsoAnswers.status)] = { description: op.alsoAnswers.description, content: output };
  for (const status of errorStatuses(op)) {
    responses[String(status)] = { description: `Error (${status})`, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } };
  }
  return {
    operationId: op.id,
    summary: op.summary,
    description: op.description + (op.mcp ? `\n\nMCP tool: \`${op.id}\`.` : "\n\nREST only."),
    security: [{ bearer: op.scopes }],
    "x-scopes": op.scopes,
    "x-rate-limit-bucket": op.bucket,
    ...(parameters.length ? { parameters } : {}),
    ...(Object.keys(body).length ? { requestBody: { required: false, content: { "application/json": { schema: jsonSchema(z.object(body), "input") } } } } : {}),
    responses,
  };
}

export function buildOpenApi(ops: readonly OperationDefinition[], baseUrl: string): Json {
  const paths: Record<string, Json> = {};
  for (const op of ops) (paths[op.path] ??= {})[op.method.toLowerCase()] = operationObject(op);
  return {
    openapi: "3.1.0",
    info: { title: "crs API", version: "2", description: "Code review service: repositories, runs, findings, focuses and documents." },
    servers: [{ url: `${baseUrl}/api/v2` }],
    paths,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "svcp_ API key or svca_ OAuth access token." } },
      schemas: { Error: errorSchema },
    },
  };
}
