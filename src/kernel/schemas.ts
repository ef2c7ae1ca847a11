// Shared request parameter and response shapes. Query strings carry text, MCP carries JSON: the
// parameter schemas accept both.
import { z } from "zod";
import { AppError } from "./errors.ts";
import { maxId } from "../platform/store/migrations/helpers.ts";
import { hasNul, nameText, nameTextMessage, nulPath } from "./text.ts";

/** Text without control characters (C0 with NUL, which PostgreSQL refuses, DEL, C1, bidi marks): names, titles, slugs. */
export const printable = nameText;
export const printableMessage = nameTextMessage;
export { nulPath };

/** The longest position (`at`) accepted: default, branch:<name>[@<sha>], pr:<n>[@<sha>], commit:<sha>. */
export const maxAtLength = 512;

/**
 * A numeric id, as a JSON number or a decimal string (path and query values). A well-formed id
 * beyond maxId names nothing: its issue is marked `absent`, and the pipeline answers it with 404
 * not_found like any missing id, before a query sees it (PostgreSQL would refuse it with an error).
 */
export function idParam(what: string) {
  return z
    .union([
      z.number().int().positive(),
      z
        .string()
        .regex(/^[1-9]\d{0,14}$/, `a ${what} id is a positive integer`)
        .transform(Number),
    ])
    .refine((id) => id <= maxId, { message: `No such ${what} in this workspace.`, params: { absent: true } });
}

/** True for a validation issue that only says the id names nothing (see idParam). */
export function isAbsentIssue(issue: { code: string; params?: Record<string, unknown> }): boolean {
  return issue.code === "custom" && issue.params?.absent === true;
}

/** Every number an integer that fits an integer column, no string with NUL: what a cursor may hold. */
function storable(value: unknown): boolean {
  if (typeof value === "number") return Number.isInteger(value) && value >= -maxId - 1 && value <= maxId;
  if (typeof value === "string") return !hasNul(value);
  if (value === null || typeof value !== "object") return true;
  return Object.entries(value).every(([k, v]) => !hasNul(k) && storable(v));
}

/**
 * The time a cursor pins a list to, exactly as the server wrote it (Date#toISOString): a tampered
 * value is refused, not read as "nothing before it".
 */
export const cursorTime = z
  .string()
  .max(40)
  .refine((s) => {
    const t = Date.parse(s);
    return /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(s) && !Number.isNaN(t) && new Date(t).toISOString() === s;
  }, "not a time");

export function limitParam(max = 100, fallback = 50) {
  return z.coerce.number().int().min(1).max(max).default(fallback).describe(`Page size, 1 to ${max} (default ${fallback}).`);
}

export const cursorParam = z.string().min(1).max(2048).optional().describe("The nextCursor of the previous page; 1 to 2048 characters.");

export const booleanParam = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]).describe("true or false.");

/** A comma-separated list in a query string, or a JSON array. */
export function listParam<T extends z.ZodType>(item: T, max: number) {
  return z.preprocess((v) => (typeof v === "string" ? v.split(",").map((s) => s.trim()) : v), z.array(item).min(1).max(max));
}

export const nextCursor = z.string().nullable().describe("Cursor for the next page; null on the last page.");

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ nextCursor, items: z.array(item).describe("The items of this page.") });
}

/** Opaque cursors: versioned JSON, base64url. Their content is not an interface. */
export function encodeCursor(value: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify({ v: 1, ...value })).toString("base64url");
}

export function decodeCursor<T extends z.ZodType>(cursor: string, shape: T): z.output<T> {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    // Range and characters are checked here for every cursor shape, before any query sees them.
    if (parsed?.v === 1 && storable(parsed)) {
      const r = shape.safeParse(parsed);
      if (r.success) return r.data;
    }
  } catch {
    // fall through to the error below
  }
  throw new AppError("invalid_request", "The cursor is invalid; pass nextCursor from the previous page.", {
    details: { issues: [{ path: "cursor", message: "invalid cursor" }] },
  });
}
