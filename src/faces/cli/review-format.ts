// Human output of `crs review`: findings grouped by file, with the code on a terminal.
import type { ReviewResult } from "../../review/index.ts";
import type { Severity } from "../../review/types.ts";
import type { ModelStage } from "../../review/model/types.ts";
import { terminalBody, visibleText } from "../../kernel/ui/terminal.ts";

const colors: Record<Severity, string> = { critical: "\x1b[1;31m", high: "\x1b[31m", medium: "\x1b[33m", low: "\x1b[36m", info: "\x1b[2m" };

/** Titles and paths hold one line: a newline in model text must not forge another finding's line. */
const clean = (s: string) => visibleText(s.replace(/[\n\t]/g, " "));

export function formatHuman(result: ReviewResult, tty: boolean, model?: ModelStage): string {
  const c = (sev: Severity, s: string) => (tty ? `${colors[sev]}${s}\x1b[0m` : s);
  const dim = (s: string) => (tty ? `\x1b[2m${s}\x1b[0m` : s);
  const out: string[] = [];
  let file = "";
  // Suppressed findings (crs-ignore) are counted below instead of listed; --json and SARIF carry them.
  const shown = result.findings.filter((f) => !f.suppression);
  const suppressed = result.findings.length - shown.length;
  for (const f of shown) {
    const l = f.location;
    if (l.path !== file) {
      file = l.path;
      out.push("", tty ? `\x1b[1m${clean(file)}\x1b[0m` : clean(file));
    }
    out.push(`  ${l.startLine}:${l.startColumn}  ${c(f.severity, f.severity.padEnd(8))} ${f.confidence.padEnd(6)} ${clean(f.title)}  ${dim(f.ruleId)}`);
    if (tty && l.snippet)
      for (const [i, s] of l.snippet.split("\n").entries()) out.push(dim(`    ${String(l.startLine + i).padStart(5)} | `) + terminalBody(s, visibleText));
  }
  const s = result.stats;
  const bySev = Object.entries(shown.reduce<Record<string, number>>((a, f) => ((a[f.severity] = (a[f.severity] ?? 0) + 1), a), {}));
  if (model) {
    out.push(
      "",
      `model review ${model.state}: ${model.requests} request${model.requests === 1 ? "" : "s"}, ${model.tokensIn} tokens in, ${model.tokensOut} out, ` +
        `${model.dropped} dropped by the checks` +
        `${model.reason ? ` (${clean(model.reason)})` : ""}`,
    );
  }
  const hidden = suppressed ? `; ${suppressed} suppressed by crs-ignore (see --json or --sarif)` : "";
  const counts = bySev.length ? ` (${bySev.map(([k, v]) => `${v} ${k}`).join(", ")})` : "";
  out.push("", `${shown.length} findings${counts}${hidden} in ${s.files} files, ${s.lines} lines; ${result.skipped.length} skipped; ${s.ms} ms`, "");
  return out.join("\n");
}
