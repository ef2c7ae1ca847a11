// Test data for the model reviewer: a configuration pointing at the stand-in, rule findings, and
// PDFs written by hand (text pages, a page without text as a scanner makes, a password-protected one).
import type { Finding } from "../../types.ts";
import type { ModelConfig } from "../types.ts";
import type { ModelStandIn } from "./standin.ts";
import type { Protocol } from "./wire.ts";

export function standInConfig(standIn: ModelStandIn, provider: Protocol, over: Partial<ModelConfig> = {}): ModelConfig {
  return {
    provider,
    url: standIn.url(provider),
    model: "stand-in-model",
    apiKey: "sk-test-key",
    maxTokensPerRun: 200_000,
    concurrency: 2,
    timeoutMs: 10_000,
    ...over,
  };
}

export function ruleFinding(path: string, line: number, ruleId = "js.command-injection", cwe = 78): Finding {
  return {
    ruleId,
    title: "Command built from request input",
    description: "d",
    severity: "high",
    cwe: [cwe],
    confidence: "high",
    tags: ["security"],
    location: { path, startLine: line, startColumn: 1, endLine: line, endColumn: 10 },
    relatedLocations: [],
    fingerprint: `fp-${path}-${line}`,
    engine: "pattern",
  };
}

/** One answered finding as a model would state it. */
export function stated(path: string, startLine: number, snippet: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    path,
    startLine,
    endLine: startLine + snippet.split("\n").length - 1,
    snippet,
    title: "Missing authorization check",
    severity: "high",
    cwe: 862,
    explanation: "Anyone can call it.",
    fix: null,
    ...over,
  };
}

/** A PDF whose pages hold these texts ("" = a page with no text layer, as a scan). */
export function pdf(pages: string[], opts: { encrypted?: boolean } = {}): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  add("<< /Type /Catalog /Pages 2 0 R >>");
  add(""); // pages, filled below
  add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  const kids: number[] = [];
  for (const text of pages) {
    const ops = text ? `BT /F1 12 Tf 72 712 Td (${text.replace(/[\\()]/g, "\\$&")}) Tj ET` : "";
    add(`<< /Length ${ops.length} >>\nstream\n${ops}\nendstream`);
    const contents = objects.length;
    add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${contents} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`);
    kids.push(objects.length);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>`;
  if (opts.encrypted) add(`<< /Filter /Standard /V 1 /R 2 /O <${"ab".repeat(32)}> /U <${"cd".repeat(32)}> /P -4 >>`);
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  const encrypt = opts.encrypted ? ` /Encrypt ${objects.length} 0 R /ID [<${"01".repeat(16)}> <${"01".repeat(16)}>]` : "";
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${encrypt} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}
