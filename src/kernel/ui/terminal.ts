// Text from the server or the store made safe to print on a terminal (crs admin, the crs client):
// escape sequences are dropped and every other control character (C0, DEL, C1) and bidi mark is
// shown as \u{…}, so a stored name cannot clear the screen, move the cursor or reorder a line,
// names stored before the input rules included. Only node:util: the client loads this at start.
import { stripVTControlCharacters } from "node:util";

const unsafe = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** One value on one line: tabs and line breaks are escaped too. */
export function terminalText(s: string): string {
  return stripVTControlCharacters(s).replace(unsafe, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
}

/** Multi-line text: line breaks and tabs stay, everything else as terminalText. */
export function terminalBody(s: string): string {
  return s
    .split("\n")
    .map((line) => line.split("\t").map(terminalText).join("\t"))
    .join("\n");
}
