// `crs api METHOD PATH`: any REST call with the stored login, like `gh api`. -f adds string fields,
// -F typed ones (numbers, true/false/null, @file contents); GET sends them as the query string.
import { readFileSync } from "node:fs";
import { type Command, Option } from "commander";
import { ClientError } from "./api.ts";
import { jqOption, writeJson } from "./json-out.ts";
import { UsageError } from "./schema-flags.ts";
import { send, type Session } from "./session.ts";

const methods = ["GET", "POST", "PATCH", "PUT", "DELETE"];

function field(raw: string, typed: boolean): [string, unknown] {
  const eq = raw.indexOf("=");
  if (eq <= 0) throw new UsageError(`a field is key=value, got "${raw}"`);
  const key = raw.slice(0, eq);
  const v = raw.slice(eq + 1);
  if (!typed) return [key, v];
  if (v === "true" || v === "false") return [key, v === "true"];
  if (v === "null") return [key, null];
  if (/^-?\d+$/.test(v)) return [key, Number(v)];
  if (v.startsWith("@")) return [key, readFileSync(v.slice(1), "utf8")];
  return [key, v];
}

const collect = (v: string, prev: string[] = []) => [...prev, v];

export function addApiCommand(program: Command, s: Session, setExit: (code: number) => void): void {
  program
    .command("api")
    .description("Call any REST endpoint (relative to /api/v2) with your login and print the JSON response")
    .argument("<METHOD>", methods.join(", "))
    .argument("<PATH>", "e.g. /me or /repositories/acme/api/refs")
    .addOption(new Option("-f, --raw-field <key=value>", "A string field (repeatable).").argParser(collect))
    .addOption(new Option("-F, --field <key=value>", "A typed field: numbers, true, false, null, @file (repeatable).").argParser(collect))
    .addOption(new Option("--input <file>", "The request body from a file (- for standard input)."))
    .addOption(new Option("-H, --header <name:value>", "An extra request header (repeatable).").argParser(collect))
    .addOption(jqOption())
    .action(async (method: string, path: string, opts: Record<string, unknown>) => {
      const m = method.toUpperCase();
      if (!methods.includes(m)) throw new UsageError(`METHOD is one of ${methods.join(", ")}, got "${method}"`);
      const fields = Object.fromEntries([
        ...((opts.rawField as string[] | undefined) ?? []).map((f) => field(f, false)),
        ...((opts.field as string[] | undefined) ?? []).map((f) => field(f, true)),
      ]);
      let body: unknown;
      if (opts.input !== undefined) {
        const text = opts.input === "-" ? await s.readStdin() : readFileSync(String(opts.input), "utf8");
        try {
          body = JSON.parse(text);
        } catch {
          throw new UsageError("--input must hold JSON");
        }
      } else if (m !== "GET" && Object.keys(fields).length) body = fields;
      const headers = Object.fromEntries(
        ((opts.header as string[] | undefined) ?? []).map((h) => {
          const i = h.indexOf(":");
          if (i <= 0) throw new UsageError(`a header is name:value, got "${h}"`);
          return [h.slice(0, i).trim(), h.slice(i + 1).trim()];
        }),
      );
      const query = m === "GET" ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])) : undefined;
      const rel = path.replace(/^\/?(api\/v2)?\/?/, "/");
      try {
        const res = await send(s, { method: m, path: rel, query, headers, body });
        if (res.body !== null && res.body !== "") {
          if (typeof res.body === "string") s.out.write(res.body);
          else await writeJson(s.out, res.body, opts);
        }
      } catch (err) {
        // The error body is the answer too: print it, then fail with the usual message and status.
        if (err instanceof ClientError && err.body !== undefined && err.body !== null) s.out.write(JSON.stringify(err.body, null, 2));
        throw err;
      }
      setExit(0);
    });
}
