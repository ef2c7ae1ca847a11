// Sinks through an object's keys (schema `objectKeys`): `query({ sql, values })` runs `sql`, `res.writeHead(302,
// { Location })` redirects through `Location`, and the other keys are data.
import type { TNode } from "../syntax/node.ts";
import type { Analyzer } from "../driver/analyzer.ts";
import { named } from "../syntax/syntax-types.ts";
import type { Value } from "../model/state.ts";
import { worse } from "../model/state.ts";

/** The least sanitized value an object literal holds under one of `keys` (`{ sql: text, values }`: `text`'s). */
export function keyedValue(a: Analyzer, obj: TNode, keys: Set<string>): Value {
  let out: Value = null;
  for (const entry of named(obj)) {
    const kind = entry.kind();
    if (kind === "shorthand_property_identifier") {
      if (keys.has(entry.text())) out = worse(out, a.ev(entry));
    } else if (kind === "pair") {
      const key =
        entry
          .field("key")
          ?.text()
          .replace(/^["'`]|["'`]$/g, "") ?? "";
      const value = entry.field("value");
      if (value && keys.has(key)) out = worse(out, a.ev(value));
    } else if (kind === "spread_element") {
      // `{ ...opts }`: which keys it brings is not known here.
      out = worse(out, a.ev(entry));
    }
  }
  return out;
}

/**
 * `keyedOnly`: whether a variable given at the sink is seen to get one of the keys in the scope: a member write
 * (`headers.Location = to`, `h["location"] = to`) or its object literal's key (`const h = { Location: to }`, or a
 * spread whose keys are unknown), before the call. What a helper returned, or a parameter, holds what others put in it.
 */
export function seenKeyed(a: Analyzer, p: TNode, keys: ReadonlySet<string>): boolean {
  if (p.kind() !== "identifier") return false;
  // Before the call in the scope's text: a key written after it (a later redirect's `h.location = …`) is not here yet.
  const text = a.scopeText().slice(0, Math.max(0, p.range().start.index - (a.scope?.range().start.index ?? 0)));
  const name = p.text().replace(/\$/g, "\\$");
  const key = [...keys].map((k) => k.replace(/\W/g, "")).join("|");
  if (new RegExp(`(?<![\\w$.])${name}\\s*(?:\\.\\s*(?:${key})\\b|\\[\\s*["'\`](?:${key})["'\`]\\s*\\])\\s*=(?!=)`).test(text)) return true;
  const decl = new RegExp(`(?<![\\w$.])${name}\\s*(?::[^=;]+)?=\\s*\\{`, "g");
  for (let m = decl.exec(text); m; m = decl.exec(text)) {
    let depth = 0;
    for (let i = m.index + m[0].length - 1; i < text.length; i++) {
      if (text[i] === "{") depth++;
      else if (text[i] === "}" && --depth === 0) {
        if (new RegExp(`(?:^|[{,\\s])["'\`]?(?:${key})["'\`]?\\s*[:,}]|\\.\\.\\.`).test(text.slice(m.index + m[0].length, i))) return true;
        break;
      }
    }
  }
  return false;
}
