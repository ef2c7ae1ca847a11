// Values a rule can only judge with the repository's configuration: an algorithm read by a literal
// key (`props.getProperty("hashAlg", "SHA512")`, Spring's `@Value("${app.hash:MD5}")`) is weak or
// not depending on a `.properties` or YAML file elsewhere in the tree. Pattern rules mark such
// findings with a lookup (rule metadata `lookup`); the review collects the configuration files it
// streams and keeps a finding only when the value the key resolves to matches the rule's pattern.
// A String constant of another class (`Algorithms.LEGACY_DIGEST`) is resolved the same way, from
// the review's Java files.
import { parse as parseProperties } from "dot-properties";
import { parse as parseYaml } from "yaml";
import type { ConfigLookup, Finding } from "./types.ts";

/** Configuration files larger than this are not read for values (real ones are a few KiB). */
const maxConfigBytes = 256 * 1024;
/** Values kept per review, so a hostile tree cannot grow memory through thousands of keys. */
const maxValues = 50_000;
const configFile = /\.(properties|ya?ml)$/i;

/** Strips the quotes of a string literal's source text; null when it is not one plain literal. */
function literalText(text: string | undefined): string | null {
  if (text === undefined) return null;
  const m = /^(["'])((?:[^"'\\]|\\.)*)\1$/s.exec(text.trim());
  return m ? m[2]!.replace(/\\(.)/g, "$1") : null;
}

/**
 * The key and fallback a lookup names: a literal key, or a Spring placeholder `${key:fallback}`
 * (whose fallback wins over a separate default argument, since both cannot be written at once).
 */
export function lookupOf(keyText: string | undefined, fallbackText: string | undefined, value: string): ConfigLookup | null {
  const constant = keyText === undefined ? null : constantRef.exec(keyText.replace(/\s+/g, ""));
  if (constant) return { key: `${constantPrefix}${constant[1]}.${constant[2]}`, value };
  const key = literalText(keyText);
  if (key === null) return null;
  const fallback = literalText(fallbackText);
  const placeholder = /^\$\{([^:}]+)(?::([^}]*))?\}$/.exec(key);
  if (placeholder) return { key: placeholder[1]!.trim(), ...(placeholder[2] !== undefined ? { fallback: placeholder[2] } : {}), value };
  return { key, ...(fallback !== null ? { fallback } : {}), value };
}

function flatten(value: unknown, prefix: string, out: Array<[string, string]>): void {
  if (out.length >= maxValues) return;
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
    if (prefix) out.push([prefix, String(value)]);
  }
}

/** `Algorithms.LEGACY_DIGEST`, `com.x.Algorithms.LEGACY_DIGEST`: a constant of a class, by class and name. */
const constantRef = /^(?:[a-z_]\w*\.)*([A-Z]\w*)\.([A-Z][A-Z0-9_]*)$/;
/** Keys of Java constants, apart from configuration keys. */
const constantPrefix = "\0java:";
/** Java files larger than this are not read for constants. */
const maxJavaBytes = 1 << 20;
const javaClass = /\b(?:class|interface|enum|record)\s+([A-Z]\w*)/g;
/** A String constant with a literal value (`static final String X = "..."`, an interface's `String X = "..."`). */
const javaConstant = /\bString\s+([A-Z][A-Z0-9_]*)\s*=\s*"((?:[^"\\\n]|\\.)*)"\s*;/g;

/** The String constants a Java file declares, as [Class.NAME, value]: the class is the nearest declared before. */
function javaConstants(text: string): Array<[string, string]> {
  if (!text.includes("String")) return [];
  const classes = [...text.matchAll(javaClass)].map((m) => [m.index, m[1]!] as const);
  const out: Array<[string, string]> = [];
  for (const m of text.matchAll(javaConstant)) {
    let owner: string | undefined;
    for (const [at, name] of classes) if (at < m.index) owner = name;
    if (owner) out.push([`${constantPrefix}${owner}.${m[1]}`, m[2]!.replace(/\\(.)/g, "$1")]);
  }
  return out;
}

/** The configuration values of a review's tree, by key; a key set in several files keeps each value. */
export class ConfigValues {
  private readonly values = new Map<string, Array<{ value: string; path: string }>>();
  private count = 0;

  /** Reads a file that looks like configuration; anything unparsable is ignored (it is just not used). */
  add(path: string, content: Buffer): void {
    const java = path.endsWith(".java");
    if (!(java || configFile.test(path)) || content.length > (java ? maxJavaBytes : maxConfigBytes) || this.count >= maxValues) return;
    let pairs: Array<[string, string]> = [];
    try {
      const text = content.toString("utf8");
      if (java) pairs = javaConstants(text);
      else if (/\.properties$/i.test(path)) flatten(parseProperties(text), "", pairs);
      else flatten(parseYaml(text, { maxAliasCount: 100, uniqueKeys: false }), "", pairs);
    } catch {
      return;
    }
    for (const [key, value] of pairs) {
      if (this.count >= maxValues) return;
      const list = this.values.get(key) ?? [];
      list.push({ value, path });
      this.values.set(key, list);
      this.count++;
    }
  }

  /**
   * The findings with their lookups resolved: kept when a value of the key (or, with none in the
   * tree, the code's fallback) matches the rule's pattern, which the description then names.
   */
  resolve(findings: Finding[]): Finding[] {
    const out: Finding[] = [];
    for (const f of findings) {
      const lookup = f.lookup;
      if (!lookup) {
        out.push(f);
        continue;
      }
      delete f.lookup;
      const pattern = new RegExp(lookup.value, "i");
      const found = this.values.get(lookup.key);
      const candidates = found ?? (lookup.fallback !== undefined ? [{ value: lookup.fallback, path: "" }] : []);
      const weak = candidates.find((c) => pattern.test(c.value.trim()));
      if (!weak) continue;
      const where = weak.path ? ` in \`${weak.path}\`` : " (its default: the key is set in no configuration file of the tree)";
      const said = lookup.key.startsWith(constantPrefix)
        ? `The algorithm is the constant \`${lookup.key.slice(constantPrefix.length)}\`, \`${weak.value}\`${where}.`
        : `The algorithm is read from configuration: \`${lookup.key}\` is \`${weak.value.trim()}\`${where}.`;
      out.push({ ...f, description: `${f.description}\n\n${said}` });
    }
    return out;
  }
}
