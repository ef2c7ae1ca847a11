// A local's assigned value, read as text (closed-values.ts reads functions' text, not the walk's state):
// closed when each part a concatenation or a choice can yield is a literal, a sanitizer's result, the
// variable itself (`out = out + part` grows what its other assignments made), or a name that is closed
// too. A system-info package copies a sanitized string character by character before a command:
// `const s = sanitizeShellString(name); for (…) safe = safe + s[i];`.

/** `text` cut where `sep` occurs outside brackets and string literals. */
function splitTop(text: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = "";
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = "";
    } else if (c === '"' || c === "'" || c === "`") quote = c;
    else if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) depth--;
    // `a?.b` and `a ?? b` are no choice.
    else if (depth === 0 && c === sep && !(sep === "?" && (text[i + 1] === "." || text[i + 1] === "?" || text[i - 1] === "?"))) {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
  }
  if (quote || depth !== 0) return [text];
  parts.push(text.slice(from));
  return parts;
}

const literal = /^(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`$\\]*`|\d[\w.]*)$/;
/** A name, its members and elements: `s`, `s[i]`, `opts.name`. */
const reference = /^([A-Za-z_$][\w$]*)(?:\s*(?:\.\s*[\w$]+|\[[^\]]*\]))*$/;
/** A call and its callee: `util.sanitizeShellString(name)`. */
const call = /^([\w$.]+)\s*\(.*\)$/s;

export interface ClosedNames {
  /** Whether a name the value reads is closed (another local, a constant, a top-level binding). */
  name(n: string): boolean;
  /** Whether the callee's result is sanitized (a listed sanitizer or one named for escaping). */
  sanitizer(callee: string): boolean;
}

/** Whether the value `text` assigned to `self` is closed, its other assignments aside; `depth` bounds the recursion. */
export function closedText(text: string, self: string, names: ClosedNames, depth = 0): boolean {
  const t = text.trim().replace(/;$/, "").trim();
  if (!t || depth > 8) return false;
  if (literal.test(t)) return true;
  // `(a) + (b)` is read as `a) + (b`, which is open: a cautious answer, not a wrong one.
  if (t.startsWith("(") && t.endsWith(")")) return closedText(t.slice(1, -1), self, names, depth + 1);
  // `cond ? a : b`: whichever branch is taken (the condition yields no part of the value).
  const choice = splitTop(t, "?");
  if (choice.length === 2) {
    const branches = splitTop(choice[1]!, ":");
    return branches.length === 2 && branches.every((b) => closedText(b, self, names, depth + 1));
  }
  const parts = splitTop(t, "+");
  if (parts.length > 1) return parts.every((p) => closedText(p, self, names, depth + 1));
  const ref = reference.exec(t);
  if (ref) return ref[1] === self || names.name(ref[1]!);
  const c = call.exec(t);
  return !!c && names.sanitizer(c[1]!.replace(/\s+/g, ""));
}
