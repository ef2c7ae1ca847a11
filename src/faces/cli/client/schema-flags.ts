// Command-line flags generated from an operation's input schema (catalog-build.ts): each field is
// `--kebab-name` with the field's description as help, and parsed flags become the input again.
import { Option } from "commander";
import type { ClientOperation } from "./catalog.ts";
import { UsageError } from "../../../kernel/ui/cli.ts";

export type FlagKind = "string" | "int" | "bool" | "list" | "json";

export interface Flag {
  field: string;
  flag: string;
  kind: FlagKind;
  description: string;
  choices?: string[] | undefined;
  required: boolean;
}

export { UsageError };

/** The flags of an operation, without the fields a command takes otherwise (positionals). */
export function flagsOf(op: ClientOperation, skip: readonly string[] = []): Flag[] {
  return op.flags.filter((f) => !skip.includes(f.field));
}

const collect = (value: string, previous: string[] | undefined) => [
  ...(previous ?? []),
  ...value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean),
];

export function toOption(f: Flag): Option {
  const hint = f.kind === "json" ? " (JSON)" : f.kind === "list" ? " (comma-separated or repeated)" : "";
  const o =
    f.kind === "bool" ? new Option(`--${f.flag} [bool]`, f.description) : new Option(`--${f.flag} <${f.kind === "int" ? "n" : "value"}>`, f.description + hint);
  if (f.kind === "list") o.argParser(collect);
  else if (f.choices && f.kind === "string") o.choices(f.choices);
  return o;
}

/** Parsed flag values back into input fields; bad numbers, booleans or JSON are usage errors. */
export function inputOf(flags: readonly Flag[], opts: Record<string, unknown>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const f of flags) {
    const key = f.flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    const v = opts[key];
    if (v === undefined) continue;
    if (f.kind === "int") {
      if (!/^-?\d+$/.test(String(v))) throw new UsageError(`--${f.flag} needs a whole number, got "${v}"`);
      input[f.field] = Number(v);
    } else if (f.kind === "bool") {
      if (v === true || v === "true") input[f.field] = true;
      else if (v === "false") input[f.field] = false;
      else throw new UsageError(`--${f.flag} takes true or false, got "${v}"`);
    } else if (f.kind === "json") {
      try {
        input[f.field] = JSON.parse(String(v));
      } catch {
        throw new UsageError(`--${f.flag} needs JSON, e.g. --${f.flag} '${f.field === "change" ? '{"pr":12}' : "[...]"}'`);
      }
    } else input[f.field] = v;
  }
  return input;
}
