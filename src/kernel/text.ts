// The text checks every face shares (REST, MCP, OAuth endpoints, web forms, admin CLI). What a
// terminal prints is escaped by src/cli/terminal.ts. Three rules:
// - no input carries NUL anywhere (PostgreSQL's text type refuses it);
// - a name or title (API keys, OAuth clients, workspaces, repositories, users, focuses, documents)
//   holds no control character: C0, DEL, C1, nor the invisible marks that reorder what a reader sees
//   (bidi embeddings, overrides and isolates, the directional marks);
// - a body (a comment, a reason, instructions) keeps line breaks and tabs but no other C0/C1 control.
const nameControlClass = "\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069";
const nameControl = new RegExp(`[${nameControlClass}]`);
const bodyControl = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** A whole string without the characters a name or title may not hold (for zod's `.regex`). */
export const nameText = new RegExp(`^[^${nameControlClass}]*$`);
export const nameTextMessage = "control characters are not allowed";
export const bodyTextMessage = "control characters other than line breaks and tabs are not allowed";

export const hasNul = (s: string): boolean => s.includes("\u0000");
/** `s` with each run of the characters a name may not hold replaced by `by` (for names derived from bodies). */
export const withoutNameControls = (s: string, by = " "): string => s.replace(new RegExp(`[${nameControlClass}]+`, "g"), by);
export const isName = (s: string): boolean => !nameControl.test(s);
export const isBody = (s: string): boolean => !bodyControl.test(s);

/**
 * The path of the first string (value or key) in `value` that holds NUL, or undefined. Run over a
 * whole request (query, body, path parameters) before anything reads it.
 */
export function nulPath(value: unknown): string | undefined {
  // A walk with its own stack: a deeply nested body must not overflow the call stack.
  const stack: Array<[unknown, string[]]> = [[value, []]];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === "string" && hasNul(v)) return path.join(".") || "(body)";
    if (v === null || typeof v !== "object") continue;
    for (const [k, child] of Object.entries(v)) {
      if (hasNul(k)) return [...path, k].join(".");
      stack.push([child, [...path, k]]);
    }
  }
  return undefined;
}
