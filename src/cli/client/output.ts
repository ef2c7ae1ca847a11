// Output people and scripts like (gh's conventions): on a terminal, aligned columns with colours
// and relative times; piped, tab-separated untruncated values with RFC 3339 times; --json the raw
// response. NO_COLOR turns colours off.
export interface Out {
  tty: boolean;
  color: boolean;
  write(s: string): void;
  err(s: string): void;
  now: () => number;
}

/** A reader that went away (`crs runs list | head -1`) ends the command quietly, as a closed pipe should. */
function quietOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code !== "EPIPE") throw err;
    process.exit(0);
  });
}

export function stdioOut(): Out {
  quietOnClosedPipe(process.stdout);
  quietOnClosedPipe(process.stderr);
  const tty = Boolean(process.stdout.isTTY);
  return {
    tty, color: tty && !process.env.NO_COLOR && process.env.TERM !== "dumb",
    write: (s) => void process.stdout.write(s.endsWith("\n") ? s : `${s}\n`),
    err: (s) => void process.stderr.write(s.endsWith("\n") ? s : `${s}\n`),
    now: () => Date.now(),
  };
}

const colors: Record<string, number> = { critical: 35, high: 31, medium: 33, low: 36, info: 37, complete: 32, failed: 31, cancelled: 90, open: 31, fixed: 32, queued: 90 };

function paint(o: Out, s: string): string {
  const c = colors[s];
  return o.color && c ? `\u001b[${c}m${s}\u001b[0m` : s;
}

export function relative(iso: string, now: number): string {
  const secs = Math.round((now - Date.parse(iso)) / 1000);
  if (Number.isNaN(secs)) return iso;
  const ago = secs >= 0;
  const a = Math.abs(secs);
  const [n, unit] = a < 60 ? [a, "second"] : a < 3600 ? [Math.floor(a / 60), "minute"] : a < 86400 ? [Math.floor(a / 3600), "hour"] : [Math.floor(a / 86400), "day"];
  if (a < 5) return "just now";
  return ago ? `${n} ${unit}${n === 1 ? "" : "s"} ago` : `in ${n} ${unit}${n === 1 ? "" : "s"}`;
}

const isTime = (k: string, v: unknown) => typeof v === "string" && /At$|^asOf$|^expiresAt$/.test(k) && /^\d{4}-\d\d-\d\dT/.test(v);

/** A value by a dotted path (`mirror.state`). */
export function pick(obj: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), obj);
}

export function cell(o: Out, key: string, v: unknown): string {
  if (v === null || v === undefined) return o.tty ? "-" : "";
  if (isTime(key, v)) return o.tty ? relative(v as string, o.now()) : String(v);
  if (o.tty && /Cents$/.test(key) && typeof v === "number") return `$${(v / 100).toFixed(2)}`;
  if (typeof v === "object") {
    const x = v as Record<string, unknown>;
    const named = x.fullName ?? x.username ?? x.key ?? x.slug ?? x.name ?? x.path;
    if (named !== undefined) return String(named) + (typeof x.startLine === "number" ? `:${x.startLine}` : "");
    return JSON.stringify(v);
  }
  const s = String(v);
  return o.tty ? paint(o, s) : s;
}

const width = (s: string) => s.replace(/\u001b\[\d+m/g, "").length;

/** Rows of objects as a table (terminal) or TSV (pipe), with the given columns. */
export function table(o: Out, rows: Array<Record<string, unknown>>, columns: string[]): void {
  const cells = rows.map((r) => columns.map((c) => cell(o, c, pick(r, c))));
  if (!o.tty) {
    for (const line of cells) o.write(line.map((c) => c.replace(/[\t\n]/g, " ")).join("\t"));
    return;
  }
  if (rows.length === 0) { o.err("nothing to show"); return; }
  // Money is shown in dollars on a terminal, so its heading drops the unit.
  const heads = columns.map((c) => c.replace(/Cents$/, "").split(".").join(" ").replace(/[A-Z]/g, (x) => ` ${x}`).toUpperCase());
  const widths = columns.map((_, i) => Math.min(60, Math.max(heads[i]!.length, ...cells.map((r) => width(r[i]!)))));
  o.write(heads.map((h, i) => (o.color ? `\u001b[1m${h.padEnd(widths[i]!)}\u001b[0m` : h.padEnd(widths[i]!))).join("  ").trimEnd());
  for (const r of cells) {
    o.write(r.map((c, i) => {
      const cut = width(c) > widths[i]! ? `${c.replace(/\u001b\[\d+m/g, "").slice(0, widths[i]! - 1)}…` : c;
      return cut + " ".repeat(Math.max(0, widths[i]! - width(cut)));
    }).join("  ").trimEnd());
  }
}

/** One object as aligned `key  value` lines (terminal) or `key\tvalue` (pipe); nested values as JSON. */
export function record(o: Out, obj: Record<string, unknown>, keys?: string[]): void {
  const ks = keys ?? Object.keys(obj).filter((k) => typeof obj[k] !== "object" || obj[k] === null || (!Array.isArray(obj[k]) && "fullName" in (obj[k] as object)));
  const label = (k: string) => (o.tty ? k.replace(/Cents$/, "") : k);
  const w = Math.max(...ks.map((k) => label(k).length));
  for (const k of ks) {
    const v = pick(obj, k);
    const shown = Array.isArray(v) ? v.map((x) => cell(o, k, x)).join(", ") : cell(o, k, v);
    o.write(o.tty ? `${label(k).padEnd(w)}  ${shown}` : `${k}\t${shown}`);
  }
}
