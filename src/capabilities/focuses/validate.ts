// What a focus must be before it is stored: a slug, a title and emoji without control characters,
// and instructions whose front matter the review engine accepts, each within its limit.
import { invalidField } from "../../kernel/errors.ts";
import { isBody, isName } from "../../kernel/text.ts";
import { ReviewError } from "../../review/errors.ts";
import { parseFocusFrontMatter } from "../../review/focus.ts";
import type { FocusInput } from "./index.ts";
import { focusSlugPattern } from "./schemas.ts";

const focusLimits = { slug: 200, title: 200, emoji: 32, instructions: 65536 } as const;

/** Checks a focus before it is stored; the front matter must be what the review engine accepts. */
export function validateFocus(input: FocusInput): void {
  if (!focusSlugPattern.test(input.slug)) {
    throw invalidField("slug", "A focus slug is 1 to 200 characters: letters, digits, '.', '-' or '_', starting with a letter or digit.");
  }
  const title = input.title.trim();
  if (title.length < 1 || title.length > focusLimits.title) throw invalidField("title", `The title must be 1 to ${focusLimits.title} characters.`);
  if (input.emoji != null && (input.emoji.length < 1 || input.emoji.length > focusLimits.emoji)) {
    throw invalidField("emoji", `The emoji must be 1 to ${focusLimits.emoji} characters.`);
  }
  if (input.instructions.trim().length === 0) throw invalidField("instructions", "The instructions are empty.");
  if (!isName(title) || (input.emoji != null && !isName(input.emoji))) {
    throw invalidField("title", "The title and emoji may not hold control characters.");
  }
  if (!isBody(input.instructions)) throw invalidField("instructions", "The instructions may not hold control characters other than line breaks and tabs.");
  if (input.instructions.length > focusLimits.instructions) {
    throw invalidField("instructions", `The instructions must be at most ${focusLimits.instructions} characters.`);
  }
  try {
    parseFocusFrontMatter(input.instructions);
  } catch (err) {
    if (!(err instanceof ReviewError)) throw err;
    const d = err.details ?? {};
    const where = typeof d.field === "string" && d.field ? ` (field ${d.field})` : "";
    throw invalidField("instructions", `${err.message.replace(/\.$/, "")}${where}: ${String(d.reason ?? "invalid")}`, { frontMatter: d });
  }
}
