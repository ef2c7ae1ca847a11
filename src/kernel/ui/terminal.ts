// Text from the server or the store made safe to print on a terminal (crs admin, the crs client):
// escape sequences are dropped and every other control character (C0, DEL, C1) and bidi mark is
// shown as \u{…}, so a stored name cannot clear the screen, move the cursor or reorder a line,
// names stored before the input rules included. Content under review (crs review: repository code,
// model answers) keeps its escape sequences visible as \u{1b}…: a hidden one is worth seeing there.
// Only node:util: the client loads this at start.
import { stripVTControlCharacters } from "node:util";

const unsafe = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** One value on one line, nothing dropped: every control character (escape included) and bidi mark as \u{…}. */
export function visibleText(s: string): string {
  return s.replace(unsafe, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
}

/** One value on one line: escape sequences dropped, tabs, line breaks and the rest escaped as visibleText. */
export function terminalText(s: string): string {
  return visibleText(stripVTControlCharacters(s));
}

/** Multi-line text: line breaks and tabs stay, every other piece as `line` (terminalText, or visibleText). */
export function terminalBody(s: string, line: (s: string) => string = terminalText): string {
  return s
    .split("\n")
    .map((l) => l.split("\t").map(line).join("\t"))
    .join("\n");
}
