// Response shapes of the focus operations.
import { z } from "zod";
import { printable, printableMessage } from "../../kernel/schemas.ts";

/** A focus slug: letters, digits, dot, dash, underscore; 1 to 200 characters. */
export const focusSlugPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export const focusSlugParam = z.string().min(1).max(200).regex(printable, printableMessage).describe("Focus slug, 1 to 200 characters.");

export const focusItemSchema = z
  .object({
    slug: z.string().describe("Identifier of the focus; pass it as the focus path parameter or filter."),
    title: z.string().describe("Display title."),
    emoji: z.string().nullable().describe("An emoji shown with the title, or null."),
    revision: z.number().int().describe("Revision number; it grows with every change of the title, emoji or instructions."),
    webUrl: z.string().describe("The focus in the web app."),
  })
  .describe("A focus: an instruction document that steers runs.");

export const focusSchema = focusItemSchema
  .extend({
    instructions: z
      .string()
      .describe("The instructions runs follow: markdown, with optional YAML front matter (only, exclude, severity) that steers the rules."),
  })
  .describe("A focus with its instructions.");

/** A focus as list_focuses and get_focus show it (without the instructions), linked to the web app. */
export function focusItem(baseUrl: string, f: { slug: string; title: string; emoji: string | null; revision: number }): z.input<typeof focusItemSchema> {
  return { slug: f.slug, title: f.title, emoji: f.emoji, revision: f.revision, webUrl: `${baseUrl}/app/focuses/${encodeURIComponent(f.slug)}` };
}
