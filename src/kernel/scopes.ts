import { invalidField, type AppError } from "./errors.ts";

// The spec's scopes and what each operation needs. Scope checks happen in one place (execute.ts).
export const scopes = ["user:read", "repos:read", "runs:read", "runs:write", "runs:manage", "findings:read", "findings:write"] as const;
export type Scope = (typeof scopes)[number];

export function isScope(s: string): s is Scope {
  return (scopes as readonly string[]).includes(s);
}

/** Parses "a,b" into scopes; throws on unknown or empty lists (keys need at least one). */
export function parseScopes(list: string): Scope[] {
  const items = [
    ...new Set(
      list
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (items.length === 0) throw scopeError(`At least one scope is needed; choose from ${scopes.join(", ")}.`);
  const unknown = items.filter((s) => !isScope(s));
  if (unknown.length) throw scopeError(`Unknown scope ${unknown.join(", ")}; choose from ${scopes.join(", ")}.`);
  return items as Scope[];
}

export function missingScopes(granted: ReadonlySet<string>, required: readonly Scope[]): Scope[] {
  return required.filter((s) => !granted.has(s));
}

function scopeError(message: string): AppError {
  return invalidField("scopes", message);
}
