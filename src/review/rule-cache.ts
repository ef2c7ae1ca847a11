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
  const dir = cacheDir();
  const key = createHash("sha256").update(`${yamlVersion()}\0${text}`).digest("hex").slice(0, 40);
  const path = dir ? join(dir, "rules", `${key}.json`) : null;
  if (path) {
    try {
      const docs = JSON.parse(readFileSync(path, "utf8")) as unknown;
      if (Array.isArray(docs) && docs.every((d) => typeof (d as RuleDoc).line === "number" && "raw" in d)) return docs as RuleDoc[];
    } catch {
      // not cached yet, or unreadable: parsed below
    }
  }
  const docs = parse(text);
  if (path && !docs.some((d) => d.error)) {
    try {
      let exact = true;
      const json = JSON.stringify(
        docs.map((d) => ({ line: d.line, raw: d.raw ?? null })),
        (_, v: unknown) => {
          if (v === undefined || (typeof v === "number" && !Number.isFinite(v))) exact = false;
          return v;
        },
      );
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
  return docs;
}

let version: string | null = null;
const yamlVersion = (): string => (version ??= (createRequire(import.meta.url)("yaml/package.json") as { version: string }).version);
