// Request and response shapes of the context document operations.
import { z } from "zod";
import { idParam, printable, printableMessage } from "../../kernel/schemas.ts";

/** A note's longest title and text, in characters. */
export const noteLimits = { title: 200, text: 65536 } as const;

export const filenameField = z.string().min(1).max(255).regex(printable, printableMessage).describe("The file's name, 1 to 255 characters.");

export const contentTypeField = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*(\s*;[^\u0000-\u001f\u007f]*)?$/, "expected a MIME type such as text/markdown")
  .describe("The file's MIME type (e.g. application/pdf, text/markdown), 1 to 255 characters.");

export const documentIdParam = idParam("document").describe("Context document id.");

export const uploadSchema = z
  .object({
    id: z.string().describe("Upload slot id; pass it to create_document as upload.id after the PUT."),
    url: z.string().describe("Signed URL to PUT the file's raw bytes to; it needs no Authorization header."),
    method: z.literal("PUT").describe("The HTTP method for the upload."),
    headers: z.record(z.string(), z.string()).describe("Headers to send with the PUT."),
    expiresAt: z.string().describe("The PUT must start before this time (10 minutes after the request)."),
    maxBytes: z.number().int().describe("Largest file accepted: 52428800 bytes (50 MiB)."),
  })
  .describe("An upload slot.");

export const documentSchema = z
  .object({
    id: z.number().int().describe("Context document id."),
    kind: z.enum(["upload", "note"]).describe("upload (a file) or note (text)."),
    title: z.string().describe("The file name of an upload, or the note's title (its first line when none was given)."),
    filename: z.string().nullable().describe("File name of an upload; null for a note."),
    contentType: z.string().nullable().describe("MIME type of an upload; null for a note."),
    sizeBytes: z.number().int().describe("Size of the content in bytes (UTF-8 for a note)."),
    sha256: z.string().describe("Hex SHA-256 of the content; identical content in the workspace is one document."),
    repository: z
      .object({ id: z.number().int().describe("Repository id."), fullName: z.string().describe("owner/name.") })
      .nullable()
      .describe("The repository the document is attached to, or null."),
    createdBy: z.object({ id: z.number().int().describe("User id."), username: z.string().describe("Username.") }).describe("Who created it."),
    createdAt: z.string().describe("When it was created (ISO 8601)."),
    archived: z.boolean().describe("True once archived: hidden from lists by default and refused by new runs."),
    archivedAt: z.string().nullable().describe("When it was archived, or null."),
  })
  .describe("A context document.");
