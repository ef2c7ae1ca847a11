// Shared request parameter and response shapes. Query strings carry text, MCP carries JSON: the
// parameter schemas accept both.
import { z } from "zod";
import { AppError } from "../errors.ts";

/** Text without control characters (C0 with NUL, which PostgreSQL refuses, DEL and C1): names, titles, slugs. */
export const printable = /^[^\u0000-\u001f\u007f-\u009f]*$/;
export const printableMessage = "control characters are not allowed";

export function limitParam(max = 100, fallback = 50) {
  return z.coerce.number().int().min(1).max(max).default(fallback)
    .describe(`Page size, 1 to ${max} (default ${fallback}).`);
}

export const cursorParam = z.string().min(1).max(2048).optional()
  .describe("The nextCursor of the previous page; 1 to 2048 characters.");

export const booleanParam = z
  .union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")])
  .describe("true or false.");

/** A comma-separated list in a query string, or a JSON array. */
export function listParam<T extends z.ZodType>(item: T, max: number) {
  return z.preprocess(
    (v) => (typeof v === "string" ? v.split(",").map((s) => s.trim()) : v),
    z.array(item).min(1).max(max),
  );
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
    if (parsed?.v === 1) {
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
