// Output people and scripts like (gh's conventions): on a terminal, aligned columns with colours
// and relative times; piped, tab-separated untruncated values with RFC 3339 times; --json the raw
import { terminalText } from "./terminal.ts";
import { stripVTControlCharacters, styleText } from "node:util";

export interface Out {
  tty: boolean;
  color: boolean;
  write(s: string): void;
  err(s: string): void;
  now: () => number;
  /** On a terminal's standard error: one line rewritten in place (progress); absent in a pipe. */
  live?: { update(line: string): void; end(): void } | undefined;
}

/** A status line on a terminal stream: each update replaces the last, end() moves below it. */
function liveLine(stream: NodeJS.WriteStream): Out["live"] {
  let shown = false;
  return {
    update(line) {
      // Carriage return, the line, then erase what a longer previous line left on the right.
      stream.write(`\r${line}\u001b[K`);
      shown = true;
    },
    end() {
      if (shown) stream.write("\n");
      shown = false;
    },
  };
}

const guarded = new WeakSet<NodeJS.WriteStream>();

/**
 * The stream, made to end the command quietly when its reader went away (`crs runs list | head -1`),
 * as a closed pipe should. Done at the first write: creating process.stdout costs start-up time
 * that a command printing nothing there should not pay.
 */
function quietOnClosedPipe(stream: NodeJS.WriteStream): NodeJS.WriteStream {
  if (guarded.has(stream)) return stream;
  guarded.add(stream);
  stream.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code !== "EPIPE") throw err;
    process.exit(0);
  });
  return stream;
}

export function stdioOut(): Out {
  const tty = Boolean(process.stdout.isTTY);
  return {
    // hasColors() reads NO_COLOR, FORCE_COLOR and TERM; it exists only on a terminal.
    tty,
    color: tty && (process.stdout.hasColors?.() ?? false),
    write: (s) => void quietOnClosedPipe(process.stdout).write(s.endsWith("\n") ? s : `${s}\n`),
    err: (s) => void quietOnClosedPipe(process.stderr).write(s.endsWith("\n") ? s : `${s}\n`),
    now: () => Date.now(),
    live: process.stderr.isTTY ? liveLine(process.stderr) : undefined,
  };
}

type Style = Parameters<typeof styleText>[0];
const colors: Record<string, Style> = {
  critical: "magenta",
  high: "red",
  medium: "yellow",
  low: "cyan",
  info: "white",
  complete: "green",
  failed: "red",
  cancelled: "gray",
  open: "red",
  fixed: "green",
  queued: "gray",
};

/** `s` in `style` when the output takes colour (the decision was made once, in `o.color`). */
export function styled(o: Out, style: Style, s: string): string {
  return o.color ? styleText(style, s, { validateStream: false }) : s;
}

function paint(o: Out, s: string): string {
  const c = colors[s];
  return c ? styled(o, c, s) : s;
}

// Made on first use: building an Intl formatter at load would cost every command start-up time.
let inWords: Intl.RelativeTimeFormat | undefined;

export function relative(iso: string, now: number): string {
  const secs = Math.round((Date.parse(iso) - now) / 1000);
  if (Number.isNaN(secs)) return iso;
  const a = Math.abs(secs);
  if (a < 5) return "just now";
  const [n, unit]: [number, Intl.RelativeTimeFormatUnit] =
    a < 60 ? [a, "second"] : a < 3600 ? [a / 60, "minute"] : a < 86400 ? [a / 3600, "hour"] : [a / 86400, "day"];
  inWords ??= new Intl.RelativeTimeFormat("en", { numeric: "always" });
  return inWords.format(Math.sign(secs) * Math.floor(n), unit);
}

const isTime = (k: string, v: unknown) => typeof v === "string" && /At$|^asOf$|^expiresAt$/.test(k) && /^\d{4}-\d\d-\d\dT/.test(v);

/** A value by a dotted path (`mirror.state`). */
function pick(obj: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), obj);
}

function cell(o: Out, key: string, v: unknown): string {
  if (v === null || v === undefined) return o.tty ? "-" : "";
  if (isTime(key, v)) return o.tty ? relative(v as string, o.now()) : String(v);
  if (o.tty && /Cents$/.test(key) && typeof v === "number") return `$${(v / 100).toFixed(2)}`;
  if (typeof v === "object") {
    const x = v as Record<string, unknown>;
    const named = x.fullName ?? x.username ?? x.key ?? x.slug ?? x.name ?? x.path;
    if (named !== undefined) return terminalText(String(named)) + (typeof x.startLine === "number" ? `:${x.startLine}` : "");
    return terminalText(JSON.stringify(v));
  }
  // What the server stores (names, titles) may hold escape sequences: never printed raw.
  const s = terminalText(String(v));
  return o.tty ? paint(o, s) : s;
}

const width = (s: string) => stripVTControlCharacters(s).length;

/** Rows of objects as a table (terminal) or TSV (pipe), with the given columns. */
export function table(o: Out, rows: Array<Record<string, unknown>>, columns: string[]): void {
  const cells = rows.map((r) => columns.map((c) => cell(o, c, pick(r, c))));
  if (!o.tty) {
    for (const line of cells) o.write(line.map((c) => c.replace(/[\t\n]/g, " ")).join("\t"));
    return;
  }
  if (rows.length === 0) {
    o.err("nothing to show");
    return;
  }
  // Money is shown in dollars on a terminal, so its heading drops the unit.
  const heads = columns.map((c) =>
    c
      .replace(/Cents$/, "")
      .split(".")
      .join(" ")
      .replace(/[A-Z]/g, (x) => ` ${x}`)
      .toUpperCase(),
  );
  const widths = columns.map((_, i) => Math.min(60, Math.max(heads[i]!.length, ...cells.map((r) => width(r[i]!)))));
  o.write(
    heads
      .map((h, i) => styled(o, "bold", h.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd(),
  );
  for (const r of cells) {
    o.write(
      r
        .map((c, i) => {
          const cut = width(c) > widths[i]! ? `${stripVTControlCharacters(c).slice(0, widths[i]! - 1)}…` : c;
          return cut + " ".repeat(Math.max(0, widths[i]! - width(cut)));
        })
        .join("  ")
        .trimEnd(),
    );
  }
}

/** One object as aligned `key  value` lines (terminal) or `key\tvalue` (pipe); nested values as JSON. */
export function record(o: Out, obj: Record<string, unknown>, keys?: string[]): void {
  const ks =
    keys ?? Object.keys(obj).filter((k) => typeof obj[k] !== "object" || obj[k] === null || (!Array.isArray(obj[k]) && "fullName" in (obj[k] as object)));
  const label = (k: string) => (o.tty ? k.replace(/Cents$/, "") : k);
  const w = Math.max(...ks.map((k) => label(k).length));
  for (const k of ks) {
    const v = pick(obj, k);
    const shown = Array.isArray(v) ? v.map((x) => cell(o, k, x)).join(", ") : cell(o, k, v);
    o.write(o.tty ? `${label(k).padEnd(w)}  ${shown}` : `${k}\t${shown}`);
  }
}
