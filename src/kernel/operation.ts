// An operation is plain data: the REST routes, MCP tools, CLI commands and OpenAPI are all built
// from the one list of these. The definition (<operation>.def.ts) is that data alone, so the CLI
// client and the OpenAPI/MCP descriptions load without the domain, the store or the engine; the
// handler (<operation>.ts) receives everything through ctx and never learns which adapter called it.
import type { z } from "zod";
import type { Bucket } from "../platform/limits/buckets.ts";
import type { Scope } from "./scopes.ts";
import type { Ctx } from "./context.ts";

export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";

export interface OperationDefinition<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType> {
  /** MCP tool name, CLI command key, OpenAPI operationId. */
  id: string;
  method: HttpMethod;
  /** Relative to /api/v2, with {param} segments. */
  path: string;
  summary: string;
  description: string;
  scopes: Scope[];
  /** The rate-limit bucket this operation charges and reports in X-RateLimit-* headers. */
  bucket: Bucket;
  /** Charged to the bucket; a bulk change counts once per item. */
  points?: (input: z.output<I>) => number;
  /** Also charged (the shared 60-a-minute limit for estimates, starts and document operations). */
  alsoCharges?: Bucket[];
  /** False for the spec's "REST only" rows. */
  mcp: boolean;
  /** Reads nothing but changes nothing: MCP readOnlyHint, CLI safety. */
  readOnly: boolean;
  /** Archives, cancels or otherwise takes something away (MCP destructiveHint). */
  destructive?: boolean;
  /** Repeating the same call changes nothing more (MCP idempotentHint); reads always are. */
  idempotent?: boolean;
  /** For POST/PATCH/DELETE: input fields that travel in the query string (the spec's `repository`, `at`). */
  queryFields?: string[];
  /** Header inputs, e.g. Idempotency-Key -> idempotencyKey. */
  headerFields?: Record<string, string>;
  /** Success status unless the handler sets ctx.status (e.g. 200 for an existing document). */
  successStatus?: number;
  /** Another success the handler answers with (ctx.status), e.g. 200 for a replayed start; OpenAPI declares it too. */
  alsoAnswers?: { status: number; description: string };
  /**
   * Other response formats, REST only (`format=<name>`, or the media type in Accept): e.g. SARIF of a
   * findings list. MCP answers keep the output schema, so the input schema never names them.
   */
  formats?: Record<string, ResponseFormat>;
  input: I;
  output: O;
}

export interface ResponseFormat {
  /** The Content-Type of the answer, also accepted in Accept as an alias of format=<name>. */
  mediaType: string;
  /** What the answer holds, for OpenAPI's format parameter and the CLI's flag. */
  description: string;
}

/** Builds an alternate format's answer: a string sent as is, or an object sent as JSON. */
export type Exporter<I extends z.ZodObject> = (ctx: Ctx, input: z.output<I>) => Promise<string | object>;

export type Handler<I extends z.ZodObject, O extends z.ZodType> = (ctx: Ctx, input: z.output<I>) => Promise<z.input<O>>;

/** A definition with its handler: what the REST routes, the MCP server and the web pages invoke. */
export interface Operation<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType> extends OperationDefinition<I, O> {
  handler: Handler<I, O>;
  /** One per entry of `formats`. */
  exporters?: Record<string, Exporter<I>>;
}

/**
 * Any row of the operation table, whatever its input and output schemas: the faces parse the input
 * with the row's own schema before its handler sees it, so the table itself need not know the types.
 * Every `implement(...)` result fits here without a cast.
 */
export type AnyOperation = Operation<any, any>;

export function defineOperation<I extends z.ZodObject, O extends z.ZodType>(def: OperationDefinition<I, O>): OperationDefinition<I, O> {
  return def;
}

/** The operation a definition names, carried out by `handler`. */
export function implement<I extends z.ZodObject, O extends z.ZodType>(def: OperationDefinition<I, O>, handler: Handler<I, O>): Operation<I, O> {
  return { ...def, handler };
}

/** An operation with the exporters of the other formats its definition declares (one each). */
export function withExporters<I extends z.ZodObject, O extends z.ZodType>(op: Operation<I, O>, exporters: Record<string, Exporter<I>>): Operation<I, O> {
  const declared = Object.keys(op.formats ?? {});
  const missing = declared.filter((f) => !exporters[f]);
  const extra = Object.keys(exporters).filter((f) => !declared.includes(f));
  if (missing.length || extra.length) throw new Error(`operation ${op.id}: formats ${declared.join(", ")} but exporters ${Object.keys(exporters).join(", ")}`);
  return { ...op, exporters };
}

/** An operation defined and implemented in one go (tests build throwaway operations this way). */
export function operation<I extends z.ZodObject, O extends z.ZodType>(def: Operation<I, O>): Operation<I, O> {
  return def;
}

/** Path parameter names in order of appearance. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}
