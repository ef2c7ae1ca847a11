// The published contract: OpenAPI and the MCP tool list are generated from the operation table;
// these tests pin them (snapshots; UPDATE_SNAPSHOTS=1 rewrites them) and check the conventions
// every operation must follow (described fields, spec scopes, unique ids, declared path params).
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { operations } from "../src/server/operations.ts";
import { pathParams } from "../src/kernel/operation.ts";
import { buildOpenApi } from "../src/faces/rest/openapi.ts";
import { jsonSchema } from "../src/kernel/json-schema.ts";
import { toolOf } from "../src/faces/mcp/tools.ts";
import { isScope } from "../src/kernel/scopes.ts";
import { BUCKETS } from "../src/platform/limits/buckets.ts";

const dir = join(import.meta.dirname, "snapshots");

function snapshot(name: string, value: unknown) {
  const file = join(dir, name);
  const text = JSON.stringify(value, null, 2) + "\n";
  if (process.env.UPDATE_SNAPSHOTS || !existsSync(file)) {
    writeFileSync(file, text);
    return;
  }
  assert.equal(text, readFileSync(file, "utf8"), `${name} changed; review the diff and rerun with UPDATE_SNAPSHOTS=1`);
}

test("openapi.json matches its snapshot", () => {
  snapshot("openapi.json", buildOpenApi(operations, "http://crs.example"));
});

test("the MCP tool list matches its snapshot", () => {
  snapshot(
    "mcp-tools.json",
    operations.filter((op) => op.mcp).map((op) => ({ scopes: op.scopes, ...toolOf(op) })),
  );
});

test("OpenAPI declares 200 beside 201 where the server also answers 200 (a replayed start, an identical document), with the same schema", () => {
  const doc = buildOpenApi(operations, "http://crs.example") as any;
  for (const [path, method] of [
    ["/runs", "post"],
    ["/documents", "post"],
  ]) {
    const responses = doc.paths[path][method].responses;
    assert.ok(responses["201"] && responses["200"], `${method} ${path}`);
    assert.deepEqual(responses["200"].content, responses["201"].content);
  }
  assert.equal(doc.paths["/findings/{finding}/comments"].post.responses["200"], undefined, "a replayed comment answers its original 201");
});

test("operation ids and method+path pairs are unique", () => {
  const ids = operations.map((op) => op.id);
  assert.equal(new Set(ids).size, ids.length);
  const routes = operations.map((op) => `${op.method} ${op.path}`);
  assert.equal(new Set(routes).size, routes.length);
});

test("every operation declares known scopes, a known bucket and its path params in the input", () => {
  for (const op of operations) {
    assert.ok(op.scopes.length > 0 && op.scopes.every(isScope), op.id);
    assert.ok(BUCKETS.includes(op.bucket), op.id);
    for (const p of pathParams(op.path)) assert.ok(p in op.input.shape, `${op.id}: path param ${p} not in input`);
    assert.ok(op.summary && op.description, op.id);
  }
});

function undescribed(schema: any, path: string, out: string[]) {
  if (!schema || typeof schema !== "object") return;
  for (const [name, prop] of Object.entries<any>(schema.properties ?? {})) {
    const described = typeof prop.description === "string" && prop.description.length > 0;
    // A property that is itself a described object/array of described items still needs its own text.
    if (!described) out.push(`${path}.${name}`);
    undescribed(prop, `${path}.${name}`, out);
    if (prop.items) undescribed(prop.items, `${path}.${name}[]`, out);
    for (const alt of [...(prop.anyOf ?? []), ...(prop.oneOf ?? [])]) undescribed(alt, `${path}.${name}|`, out);
  }
}

test("every input and output field is described (.describe()), so OpenAPI, MCP and --help agree", () => {
  const missing: string[] = [];
  for (const op of operations) {
    undescribed(jsonSchema(op.input, "input"), `${op.id}.input`, missing);
    undescribed(jsonSchema(op.output, "output"), `${op.id}.output`, missing);
  }
  assert.deepEqual(missing, []);
});

/** Paths of schemas a strict client cannot read: a `type` array, or no type at all (anyOf branches each typed count). */
function unportable(schema: any, path: string, out: string[]) {
  if (!schema || typeof schema !== "object") return;
  if (Array.isArray(schema.type)) out.push(`${path}: type ${JSON.stringify(schema.type)}`);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (schema.type === undefined && !Array.isArray(alternatives) && schema.$ref === undefined) out.push(`${path}: no type`);
  for (const [name, prop] of Object.entries<any>(schema.properties ?? {})) unportable(prop, `${path}.${name}`, out);
  if (schema.items) unportable(schema.items, `${path}[]`, out);
  if (typeof schema.additionalProperties === "object") unportable(schema.additionalProperties, `${path}{}`, out);
  for (const [i, alt] of (Array.isArray(alternatives) ? alternatives : []).entries()) unportable(alt, `${path}|${i}`, out);
}

test("every MCP tool schema and OpenAPI schema is portable: no type arrays, no schema without a type", () => {
  const bad: string[] = [];
  for (const op of operations.filter((o) => o.mcp)) {
    const tool = toolOf(op);
    unportable(tool.inputSchema, `${op.id}.input`, bad);
    unportable(tool.outputSchema, `${op.id}.output`, bad);
  }
  const doc = buildOpenApi(operations, "http://crs.example") as any;
  for (const [path, methods] of Object.entries<any>(doc.paths)) {
    for (const [method, o] of Object.entries<any>(methods)) {
      for (const p of o.parameters ?? []) unportable(p.schema, `${method} ${path} ${p.name}`, bad);
      unportable(o.requestBody?.content["application/json"].schema, `${method} ${path} body`, bad);
      for (const [status, r] of Object.entries<any>(o.responses)) unportable(r.content?.["application/json"]?.schema, `${method} ${path} ${status}`, bad);
    }
  }
  assert.deepEqual(bad, []);
});
