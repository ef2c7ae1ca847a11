// Command-line flags generated from an operation's input schema: each field becomes `--kebab-name`
// with the field's description as help, and parsed flags become the operation's input again.
import { Option } from "commander";
import type { OperationDefinition } from "../../operations/operation.ts";
import { jsonSchema, type Json } from "../../schemas/json-schema.ts";

export type FlagKind = "string" | "int" | "bool" | "list" | "json";

export interface Flag {
  field: string;
  flag: string;
  kind: FlagKind;
  description: string;
  choices?: string[] | undefined;
  required: boolean;
}

export class UsageError extends Error {}

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function kindOf(p: Json): FlagKind {
  const alternatives = (p.anyOf ?? p.oneOf) as Json[] | undefined;
  if (alternatives) {
    const types = alternatives.map((a) => a.type);
    if (types.includes("boolean")) return "bool";
    if (types.includes("object") || types.includes("array")) return "json";
    return "string";
  }
  if (p.type === "integer" || p.type === "number") return "int";
  if (p.type === "boolean") return "bool";
  if (p.type === "array") return (p.items as Json | undefined)?.type === "string" ? "list" : "json";
  if (p.type === "object") return "json";
  return "string";
}

/** The flags of an operation's input, without the fields a command takes otherwise (positionals). */
export function flagsOf(op: OperationDefinition, skip: readonly string[] = []): Flag[] {
  const schema = jsonSchema(op.input, "input");
  const props = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(props).filter(([field]) => !skip.includes(field)).map(([field, p]) => {
    const kind = kindOf(p);
    const items = p.items as Json | undefined;
    const choices = (p.enum ?? items?.enum) as string[] | undefined;
    return { field, flag: kebab(field), kind, description: String(p.description ?? ""), choices, required: required.has(field) };
  });
}

const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), ...value.split(",").map((s) => s.trim()).filter(Boolean)];

export function toOption(f: Flag): Option {
  const hint = f.kind === "json" ? " (JSON)" : f.kind === "list" ? " (comma-separated or repeated)" : "";
  const o = f.kind === "bool" ? new Option(`--${f.flag} [bool]`, f.description) : new Option(`--${f.flag} <${f.kind === "int" ? "n" : "value"}>`, f.description + hint);
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
