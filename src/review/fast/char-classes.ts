// Character classes of source text for the text checks (text-checks.ts), one table lookup each: the
// checks read every character of most files.

export const SPACE = 1,
  QUOTE = 2,
  OPEN = 4,
  CLOSE = 8,
  GOES_ON = 16,
  IDENT = 32,
  OPERATOR = 64;
const table = new Uint8Array(128);
const mark = (chars: string, bit: number): void => {
  for (const c of chars) table[c.charCodeAt(0)]! |= bit;
};
mark(" \t\n\r\v\f", SPACE);
mark("\"'`", QUOTE);
mark("([{", OPEN);
mark(")]}", CLOSE);
/** After one of these the expression before it goes on (`a.b`, `a[i]`, `a(x)`, `a + b`, `` a`t` ``). */
mark("([.`+-*%&|^<>=!?~", GOES_ON);
/** An `=` right after one of these is another operator: `==`, `!=`, `<=`, `+=`, `:=`, `??=` ... */
mark("=!<>+-*/%&|^:?", OPERATOR);
mark("$_0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", IDENT);
/** The class bits of a character; any non-ASCII character counts as an identifier's (a doubt keeps it). */
export const classOf = (c: number): number => (c < 128 ? table[c]! : Number.isNaN(c) ? 0 : IDENT);
export const ident = (c: number): boolean => (classOf(c) & IDENT) !== 0;
export const space = (c: number): boolean => (classOf(c) & SPACE) !== 0;
