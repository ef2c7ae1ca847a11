// Text from code, rules or a model is hostile when it lands in a comment on the host: it could
// mention people (@user, @org/team), embed images, hide a link behind innocent words, or inject
// HTML and markdown structure. Everything crs did not write itself goes through these.

const wordJoiner = "\u2060";

/**
 * One line of plain text: no line breaks, markdown and HTML metacharacters backslash-escaped (so
 * `[x](y)`, `![x](y)`, `<img>`, `*`, `|` render as the characters), mentions broken with a word
 * joiner after the @, at most `max` characters.
 */
export function plain(text: string, max = 300): string {
  const oneLine = text
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const cut = oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
  return cut
    .replace(/[\\`*_{}[\]()<>#+\-.!|~^=:"]/g, (c) => (c === "<" ? "&lt;" : c === ">" ? "&gt;" : `\\${c}`))
    .replace(/&(?!lt;|gt;)/g, "&amp;")
    .replace(/@(?=[\p{L}\p{N}_-])/gu, `@${wordJoiner}`);
}

/**
 * A path or identifier as inline code: backticks cannot close the span (they are replaced), line
 * breaks removed; code spans render no mentions, links or HTML.
 */
export function code(text: string, max = 200): string {
  const clean = text
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ")
    .replace(/`/g, "ˋ")
    .slice(0, max);
  return `\`${clean.length > 0 ? clean : " "}\``;
}
