// The built-in rule files' parsed YAML, kept between processes in the cache directory (rule-loader.ts).
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { cacheDir } from "./engines/redos-cache.ts";
import type { RuleDoc } from "./rule-loader.ts";

/**
 * The documents of a built-in rule file, from the cache directory when this text was read before:
 * parsing the built-in rules' YAML cost about 0.3 s of CPU per `crs review` (the parser's code runs
 * cold), reading its JSON a few milliseconds. Keyed by the yaml package's version and the text's
 * hash; only files without YAML errors whose values JSON keeps exactly are written; any failure to
 * read or write just parses the text.
 */
export function cachedDocs(text: string, parse: (text: string) => RuleDoc[]): RuleDoc[] {
  return cachedParse(
    "rules",
    text,
    parse,
    (docs) => (docs.some((d) => d.error) ? null : docs.map((d) => ({ line: d.line, raw: d.raw ?? null }))),
    (docs): docs is RuleDoc[] => Array.isArray(docs) && docs.every((d) => typeof (d as RuleDoc).line === "number" && "raw" in d),
  );
}

/**
 * A YAML text's parsed value kept as JSON under `<cache>/<kind>/` (the taint rules use it too), by the
 * same key: `stored` gives what to write (null: nothing), `valid` says whether a read one has the right shape.
 */
export function cachedParse<T>(kind: string, text: string, parse: (text: string) => T, stored: (v: T) => unknown, valid: (v: unknown) => v is T): T {
  const dir = cacheDir();
  const key = createHash("sha256").update(`${yamlVersion()}\0${text}`).digest("hex").slice(0, 40);
  const path = dir ? join(dir, kind, `${key}.json`) : null;
  if (path) {
    try {
      const value = JSON.parse(readFileSync(path, "utf8")) as unknown;
      if (valid(value)) return value;
    } catch {
      // not cached yet, or unreadable: parsed below
    }
  }
  const value = parse(text);
  const keep = path ? stored(value) : null;
  if (path && keep !== null) {
    try {
      let exact = true;
      const json = JSON.stringify(keep, (_, v: unknown) => {
        if (v === undefined || (typeof v === "number" && !Number.isFinite(v))) exact = false;
        return v;
      });
      if (exact) {
        mkdirSync(join(path, ".."), { recursive: true });
        const tmp = `${path}.${process.pid}.tmp`;
        writeFileSync(tmp, json);
        renameSync(tmp, path);
      }
    } catch {
      // a read-only home or a full disk: parsed again next time
    }
  }
  return value;
}

let version: string | null = null;
const yamlVersion = (): string => (version ??= (createRequire(import.meta.url)("yaml/package.json") as { version: string }).version);
