import type { Severity } from "../../../types.ts";

export const taintClasses = [
  "command-injection",
  "code-injection",
  "sql-injection",
  "nosql-injection",
  "ldap-injection",
  "xpath-injection",
  "path-traversal",
  "xss",
  "ssrf",
  "open-redirect",
  "xxe",
  "deserialization",
  "log-injection",
  "trust-boundary",
  "insecure-random",
  "argument-injection",
  "regex-injection",
  "unsafe-reflection",
] as const;
export type TaintClass = (typeof taintClasses)[number];

export interface ClassInfo {
  title: string;
  severity: Severity;
  cwe: number[];
  /** Why the flow is dangerous and how to fix it; completed with the source and sink in the finding. */
  fix: string;
}

export const classInfo: Record<TaintClass, ClassInfo> = {
  "command-injection": {
    title: "OS command built from untrusted input",
    severity: "critical",
    cwe: [78],
    fix:
      "Run the program directly with an argument array (execFile/spawn without a shell, subprocess with a list, exec.Command with separate args) " +
      "and validate the value against an allow-list.",
  },
  "code-injection": {
    title: "Untrusted input evaluated as code",
    severity: "critical",
    cwe: [94, 95],
    fix: "Never evaluate request data as code; parse it as data (JSON.parse, ast.literal_eval) or map it to a fixed set of operations.",
  },
  "sql-injection": {
    title: "SQL query built from untrusted input",
    severity: "high",
    cwe: [89],
    fix: "Use a parameterized query or prepared statement and pass the value as a bound parameter, never by concatenation or formatting.",
  },
  "nosql-injection": {
    title: "NoSQL query built from untrusted input",
    severity: "high",
    cwe: [943],
    fix:
      'Build the query from typed values (cast to string or number), reject operator objects such as {"$gt": ""}, and never pass request objects ' +
      "or $where code through.",
  },
  "ldap-injection": {
    title: "LDAP filter built from untrusted input",
    severity: "high",
    cwe: [90],
    fix: "Escape the value with the LDAP filter encoder of your library before putting it in a filter, or validate it against an allow-list.",
  },
  "xpath-injection": {
    title: "XPath expression built from untrusted input",
    severity: "high",
    cwe: [643],
    fix: "Use XPath variables (a variable resolver) instead of concatenating the value into the expression, or validate it against an allow-list.",
  },
  "path-traversal": {
    title: "File path built from untrusted input",
    severity: "high",
    cwe: [22],
    fix: "Reduce the value to a base name or resolve it and check that the result stays inside the intended directory before opening it.",
  },
  xss: {
    title: "Untrusted input written into an HTML response",
    severity: "high",
    cwe: [79],
    fix: "Let a template engine escape the value, or HTML-encode it before writing it; never assign it to innerHTML or send it as text/html unescaped.",
  },
  ssrf: {
    title: "Server-side request to a URL from untrusted input",
    severity: "high",
    cwe: [918],
    fix: "Only request hosts from an allow-list; parse the URL and check scheme, host and resolved address before connecting.",
  },
  "open-redirect": {
    title: "Redirect to a URL from untrusted input",
    severity: "medium",
    cwe: [601],
    fix: "Redirect only to relative paths or to hosts from an allow-list; map a key to a known URL instead of taking the URL itself.",
  },
  xxe: {
    title: "XML from untrusted input parsed with external entities",
    severity: "high",
    cwe: [611],
    fix: "Disable DTDs and external entity resolution on the parser (or use a hardened parser such as defusedxml) before parsing request data.",
  },
  deserialization: {
    title: "Untrusted data deserialized into objects",
    severity: "critical",
    cwe: [502],
    fix:
      "Do not deserialize request data with native object serializers (pickle, ObjectInputStream, yaml.load, node-serialize); use JSON into " +
      "plain data and validate it.",
  },
  "log-injection": {
    title: "Untrusted input written to a log unencoded",
    severity: "low",
    cwe: [117],
    fix: "Strip or encode CR/LF in the value (or log it as a structured field) so a caller cannot forge log lines.",
  },
  "trust-boundary": {
    title: "Untrusted input stored in a trusted session",
    severity: "medium",
    cwe: [501],
    fix: "Validate the value before storing it in the session or other trusted state, and keep request data and trusted data apart.",
  },
  "insecure-random": {
    title: "Predictable random value used as a secret",
    severity: "high",
    cwe: [330, 338],
    fix:
      "Make cookies, session values, tokens and passwords with a cryptographically secure generator (SecureRandom, secrets.token_urlsafe); " +
      "java.util.Random, Math.random and Python's random can be predicted from a few outputs.",
  },
  "argument-injection": {
    title: "Command-line option injected from untrusted input",
    severity: "high",
    cwe: [88],
    fix:
      "Put `--` before values that must be operands (`git clone -- <url> <dir>`) or reject values that start with `-`: a value such as " +
      "`--upload-pack=…` or `-oProxyCommand=…` is read as an option that runs a command.",
  },
  "regex-injection": {
    title: "Regular expression built from untrusted input",
    severity: "medium",
    cwe: [730, 1333],
    fix:
      "Escape the value before putting it in a pattern (re.escape, lodash's escapeRegExp, RegExp.escape) or match it as plain text " +
      "(includes, indexOf, `in`); a pattern such as `(a+)+$` takes exponential time on a short input and holds the worker.",
  },
  "unsafe-reflection": {
    title: "Module or class chosen by untrusted input",
    severity: "high",
    cwe: [470],
    fix:
      "Map the request's choice to a fixed table of modules, classes or handlers (a dict or switch of known names) and load only those: " +
      "importing or loading by a name the request gives runs the top-level code of any module or class the process can reach.",
  },
};

/** Tags of a class's findings (selection by tag sees the same on a taint finding and its class). */
export function classTags(c: TaintClass): string[] {
  return c === "insecure-random" ? ["security", "taint", c, "crypto"] : ["security", "taint", c];
}

const classBits = new Map<string, number>(taintClasses.map((c, i) => [c, 1 << i]));
export const allClassesMask = (1 << taintClasses.length) - 1;
/**
 * Classes only the sources that name them reach (syntax/rules.ts `classes`): a predictable number is no
 * injection, and request data in a cookie is no predictable secret. Other sources start sanitized
 * for these.
 */
export const namedOnlyMask = 1 << taintClasses.indexOf("insecure-random");

export function classBit(c: string): number {
  return classBits.get(c) ?? 0;
}

export function isTaintClass(c: string): c is TaintClass {
  return classBits.has(c);
}
