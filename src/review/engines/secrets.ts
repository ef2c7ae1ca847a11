// Secrets in any text file: provider token formats and high-entropy values assigned to secret-like
// names. Findings never carry the secret itself: snippets and messages show a redacted form.
import type { Finding, Severity } from "../types.ts";
import { fingerprint } from "../fingerprint.ts";
import type { FileText } from "../text.ts";
import { crsChecksumOk, entropy, issuedOrRandom, jwtOk, madeUp, notSecret, placeholder } from "./secret-values.ts";

export interface SecretRule {
  id: string;
  title: string;
  severity: Severity;
  /** Group 1 (or the whole match) is the secret. */
  re: RegExp;
  verify?: (secret: string) => boolean;
  confidence?: "low" | "medium" | "high";
  /**
   * What a test suite makes for itself to exercise the code (a key pair for its signing tests, a signed token, a
   * value under a secret-like name): in a suite it opens nothing. A provider's token format names an account, real
   * in a test as anywhere, and stays reported there.
   */
  suiteFixture?: true;
  /**
   * What a code sample in prose documentation shows for readers to replace (a value under a secret-like name, a
   * signed token): in a README it opens nothing. A provider's token or a private key block may be a real one.
   */
  docExample?: true;
}

export const secretRules: SecretRule[] = [
  {
    id: "secret.aws-access-key-id",
    title: "AWS access key id",
    severity: "high",
    re: /\b((?:AKIA|ASIA)[0-9A-Z]{16})\b/g,
    // AWS's documentation writes its example keys with EXAMPLE in them (AKIAIOSFODNN7EXAMPLE): copied into a CLI's
    // examples or a mock's responses, they open nothing (nor under a secret-like name: secret.generic).
    verify: (s) => !s.includes("EXAMPLE"),
  },
  {
    id: "secret.aws-secret-access-key",
    title: "AWS secret access key",
    severity: "critical",
    re: /aws_?secret_?(?:access_?)?key["']?\s*(?:[:=]|=>)\s*["']?([A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/gi,
    verify: (s) => !s.includes("EXAMPLE"),
  },
  { id: "secret.gcp-api-key", title: "Google API key", severity: "high", re: /\b(AIza[0-9A-Za-z_-]{35})(?![0-9A-Za-z_-])/g },
  { id: "secret.azure-storage-key", title: "Azure storage account key", severity: "critical", re: /AccountKey=([A-Za-z0-9+/]{86}==)/g },
  {
    id: "secret.github-token",
    title: "GitHub token",
    severity: "critical",
    re: /\b((?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{82})\b/g,
    verify: (s) => (s.startsWith("github_pat_") ? !madeUp(s.slice(11)) : issuedOrRandom(s)),
  },
  { id: "secret.gitlab-token", title: "GitLab personal access token", severity: "critical", re: /\b(glpat-[A-Za-z0-9_-]{20})(?![A-Za-z0-9_-])/g },
  { id: "secret.slack-token", title: "Slack token", severity: "high", re: /\b(xox[abposr]-[0-9A-Za-z-]{10,80})\b/g },
  {
    id: "secret.slack-webhook",
    title: "Slack incoming webhook URL",
    severity: "medium",
    re: /(https:\/\/hooks\.slack\.com\/services\/T[A-Z0-9]{6,}\/B[A-Z0-9]{6,}\/[A-Za-z0-9]{20,})/g,
  },
  { id: "secret.stripe-key", title: "Stripe live secret key", severity: "critical", re: /\b((?:sk|rk)_live_[A-Za-z0-9]{20,99})\b/g },
  { id: "secret.sendgrid-key", title: "SendGrid API key", severity: "high", re: /\b(SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/g },
  { id: "secret.npm-token", title: "npm access token", severity: "high", re: /\b(npm_[A-Za-z0-9]{36})\b/g, verify: issuedOrRandom },
  {
    id: "secret.private-key",
    title: "Private key block",
    severity: "critical",
    suiteFixture: true,
    // A header whose body is elided in the first line or two (`...`, `…`, `***`, `<key>`) is documentation
    // showing the format, not a key; a bare header is still reported (the body may follow in another file).
    // Code that reads or writes keys names the header too: followed by regular-expression syntax
    // (`(?:\r\n|\n)`, `\s*`, `$`) or by the end of a string that ends the statement or call
    // (`pem.indexOf("…-----")`, `out = "…-----\n";`), it is no key; nor is a string that is the header alone at the
    // end of its line (`var KEY_START = '-----BEGIN PRIVATE KEY-----'`) unless the next line goes on with it. A body
    // of X placeholders (`\nXXXX\n`) is elided too, and so is a header quoted in prose or in Markdown inline code (a
    // table cell, a sentence: "when your file has '-----BEGIN RSA PRIVATE KEY-----' and …").
    re: new RegExp(
      /(-----BEGIN (?:RSA |DSA |EC |OPENSSH |PGP |ENCRYPTED )?PRIVATE KEY(?: BLOCK)?-----)/.source +
        /(?!(?:\s|\\n)*(?:[A-Za-z0-9+/=]{0,64}(?:\s|\\n)*)?(?:\.{3}|…|\*{3}|<[^>\n]{1,40}>|[Xx]{4,}(?:\s|\\n)))/.source +
        /(?![([$?|]|\\[sSdDwW]|(?:\\[rn])*["'`]\s*[;)]|["'`][ \t]*(?:(?:\/\/|#)[^\n]*)?\r?\n(?![ \t]*[+."'`])|`[ \t]*(?:\||[A-Za-z(])|["'][ \t]+[A-Za-z(])/
          .source,
      "g",
    ),
  },
  {
    id: "secret.jwt",
    title: "JSON Web Token",
    severity: "medium",
    confidence: "medium",
    suiteFixture: true,
    docExample: true,
    re: /\b(eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,})(?![A-Za-z0-9_-])/g,
    verify: jwtOk,
  },
  {
    id: "secret.database-url",
    title: "Database URL with a password",
    severity: "high",
    // The scheme is a lookbehind so that the search starts at the literal `://` (four times faster
    // than trying the scheme list at every position); the same matches.
    // A server on the loopback or a documentation host (`@localhost`, `@127.0.0.1`, `@db.example.com`) is a
    // developer's own or nobody's: its password opens nothing anyone else can reach.
    re: new RegExp(
      /(?<=\b(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|redis|rediss|amqps?|mssql|sqlserver)):\/\/[^:/\s@"'`]+:([^@\s/"'`]{3,})@/.source +
        /(?!(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\]|(?:[\w-]+\.)*example\.(?:com|org|net))(?![\w.-]))/.source,
      "g",
    ),
    verify: (s) => !placeholder.test(s) && !/^[$%{<]/.test(s),
  },
  { id: "secret.crs-token", title: "crs API or OAuth token", severity: "critical", re: /\b(svc[pa]_[0-9A-Za-z]{36})\b/g, verify: crsChecksumOk },
  {
    id: "secret.generic",
    title: "High-entropy secret assigned to a secret-like name",
    severity: "high",
    confidence: "medium",
    suiteFixture: true,
    docExample: true,
    // No leading `[A-Za-z0-9_.-]*`: the name's start does not change the secret or its position,
    // and without it the search no longer rescans every identifier from each of its characters.
    // The name and operator are a lookbehind: the search tries them only before a quoted run of 16
    // or more characters (about four times faster than trying the names at every position).
    re: new RegExp(
      // Not a quoted type path's last part (`"AWS::IAM::AccessKey": "62d91b17309e76c8"`, a schema's resource type).
      "(?<=(?<![\"'][\\w:]*::[A-Za-z0-9_]*)(?:secret|passw(?:or)?d|pwd|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|auth[_-]?key|credential)" +
        String.raw`[A-Za-z0-9_.-]*["']?\s*(?::=|=>|[:=])\s*)` +
        /["'`]([^"'`\s]{16,200})["'`]/.source,
      "gi",
    ),
    // A value built with `${…}` (a template literal, a shell or config placeholder) is computed, not written:
    // AWS's `${date}/${region}/${service}/aws4_request` scope under a `credentialScope` name. A value that
    // also holds a long written run of its own (`sk${p}Xy7Q…`) is still one.
    verify: (s) =>
      !placeholder.test(s) &&
      !s.includes("EXAMPLE") &&
      (!s.includes("${") || /[A-Za-z0-9]{16,}/.test(s.replace(/\$\{[^}]*\}/g, " "))) &&
      entropy(s) >= 3.5 &&
      /\d/.test(s) &&
      /[A-Za-z]/.test(s) &&
      !/^[a-z]+(?:[._-][a-z]+)*$/.test(s) &&
      !notSecret.test(s) &&
      !madeUp(s),
  },
];

function redact(secret: string): string {
  const keep = secret.length > 16 ? 4 : 0;
  return `${secret.slice(0, keep)}${"*".repeat(Math.min(12, secret.length - keep))}`;
}

function lineStarts(text: string): number[] {
  const out = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) out.push(i + 1);
  return out;
}

function position(starts: number[], index: number): [number, number] {
  let lo = 0,
    hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= index) lo = mid;
    else hi = mid - 1;
  }
  return [lo, index - starts[lo]!];
}

/** Ids of the rules whose values a test suite makes as fixtures (`suiteFixture`). */
export const suiteFixtureSecrets: ReadonlySet<string> = new Set(secretRules.filter((r) => r.suiteFixture).map((r) => r.id));
/** Ids of the rules whose values documentation shows as examples (`docExample`). */
export const docExampleSecrets: ReadonlySet<string> = new Set(secretRules.filter((r) => r.docExample).map((r) => r.id));

export function scanSecrets(text: FileText, path: string, rules: readonly SecretRule[]): Finding[] {
  const src = text.source;
  let starts: number[] | null = null;
  const out: Finding[] = [];
  const taken = new Set<string>();
  for (const rule of rules) {
    rule.re.lastIndex = 0;
    for (const m of src.matchAll(rule.re)) {
      const secret = m[1] ?? m[0];
      if (rule.verify && !rule.verify(secret)) continue;
      const at = m.index + m[0].lastIndexOf(secret);
      // One secret is reported once, by the most specific rule (rules are ordered).
      if (taken.has(`${at}`)) continue;
      taken.add(`${at}`);
      starts ??= lineStarts(src);
      const [l0, c0] = position(starts, at);
      const [l1, c1] = position(starts, at + secret.length);
      const loc = text.location(path, l0, c0, l1, c1);
      const shown = redact(secret);
      loc.snippet = loc.snippet?.split(secret).join(shown);
      out.push({
        ruleId: rule.id,
        title: rule.title,
        severity: rule.severity,
        cwe: [798],
        confidence: rule.confidence ?? "high",
        description:
          `${rule.title} (\`${shown}\`) committed in source. Anyone with read access to the repository or its history can use it. ` +
          "Revoke and rotate it, remove it from the code, and load it from the environment or a secret manager at run time.",
        tags: ["secret", "security"],
        location: loc,
        relatedLocations: [],
        fingerprint: fingerprint(rule.id, path, secret),
        engine: "secrets",
      });
    }
  }
  return out;
}
