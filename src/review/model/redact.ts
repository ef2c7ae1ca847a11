// Secrets never leave the machine: every text sent to a provider first passes the secrets engine's
// rules, and what they match is replaced. A private key's whole block goes, not only its header.
import { secretRules } from "../engines/secrets.ts";

const redactedMark = "[REDACTED]";

/** `text` with every secret the secrets engine recognises replaced; `count` says how many. */
export function redactSecrets(text: string): { text: string; count: number } {
  const spans: Array<[number, number]> = [];
  for (const rule of secretRules) {
    rule.re.lastIndex = 0;
    for (const m of text.matchAll(rule.re)) {
      const secret = m[1] ?? m[0];
      if (rule.verify && !rule.verify(secret)) continue;
      const at = m.index + m[0].lastIndexOf(secret);
      let end = at + secret.length;
      if (rule.id === "secret.private-key") {
        const close = text.indexOf("-----END", end);
        const stop = close < 0 ? -1 : text.indexOf("-----", close + 8);
        end = stop < 0 ? text.length : stop + 5;
      }
      spans.push([at, end]);
    }
  }
  if (!spans.length) return { text, count: 0 };
  spans.sort((a, b) => a[0] - b[0]);
  let out = "";
  let pos = 0;
  let count = 0;
  for (const [a, b] of spans) {
    if (b <= pos) continue;
    // A redacted private key keeps its line count, so the lines the model cites stay true.
    const lines = text.slice(Math.max(a, pos), b).split("\n").length - 1;
    out += text.slice(pos, Math.max(a, pos)) + redactedMark + "\n".repeat(lines);
    pos = b;
    count++;
  }
  return { text: out + text.slice(pos), count };
}
