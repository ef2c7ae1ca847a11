// Context documents as text: text and markdown as they are, PDF through unpdf (pdf.js) up to a page,
// size and time cap. A PDF without a text layer (scanned) or with a password gives nothing and is
// reported as skipped, never guessed at.
import type { NamedText } from "./types.ts";

export interface DocumentSource {
  name: string;
  content: Buffer;
}

export type DocumentSkip = "encrypted" | "scanned" | "unsupported" | "too_large" | "unreadable";
export type ExtractedDocument = { name: string; text: string; pages?: number; pagesCut?: number } | { name: string; skipped: DocumentSkip };

export interface ExtractLimits {
  /** Pages read of one PDF. Default 50. */
  maxPages?: number;
  /** Bytes of one document. Default 20 MiB. */
  maxBytes?: number;
  /** Time spent on one PDF; pages after it are left out. Default 10 s. */
  maxMs?: number;
}

const isPdf = (d: DocumentSource) => d.content.subarray(0, 1024).includes("%PDF-");

async function pdfText(d: DocumentSource, limits: Required<ExtractLimits>): Promise<ExtractedDocument> {
  const { getDocumentProxy } = await import("unpdf");
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(new Uint8Array(d.content), { verbosity: 0 });
  } catch (e) {
    return { name: d.name, skipped: (e as Error).name === "PasswordException" ? "encrypted" : "unreadable" };
  }
  try {
    const started = Date.now();
    const pages = Math.min(pdf.numPages, limits.maxPages);
    const out: string[] = [];
    let read = 0;
    for (let i = 1; i <= pages && Date.now() - started < limits.maxMs; i++) {
      const content = await (await pdf.getPage(i)).getTextContent();
      out.push(content.items.map((it) => ("str" in it ? it.str + (it.hasEOL ? "\n" : " ") : "")).join(""));
      read++;
    }
    const text = out
      .join("\n\n")
      .replace(/[ \t]+\n/g, "\n")
      .trim();
    if (!text) return { name: d.name, skipped: "scanned" };
    return { name: d.name, text, pages: read, ...(pdf.numPages > read ? { pagesCut: pdf.numPages - read } : {}) };
  } catch {
    return { name: d.name, skipped: "unreadable" };
  } finally {
    await pdf.loadingTask.destroy();
  }
}

export async function extractDocumentText(d: DocumentSource, limits: ExtractLimits = {}): Promise<ExtractedDocument> {
  const l = { maxPages: limits.maxPages ?? 50, maxBytes: limits.maxBytes ?? 20 << 20, maxMs: limits.maxMs ?? 10_000 };
  if (d.content.length > l.maxBytes) return { name: d.name, skipped: "too_large" };
  if (isPdf(d)) return pdfText(d, l);
  // Text, markdown and other plain text; anything binary is not a document the model can read.
  if (d.content.subarray(0, 8192).includes(0)) return { name: d.name, skipped: "unsupported" };
  return { name: d.name, text: d.content.toString("utf8") };
}

/** A run's documents as the reviewer takes them, and those that gave no text (counted on the stage). */
export async function extractDocuments(
  docs: readonly DocumentSource[],
  limits: ExtractLimits = {},
): Promise<{ texts: NamedText[]; skipped: Array<{ name: string; reason: DocumentSkip }> }> {
  const texts: NamedText[] = [];
  const skipped: Array<{ name: string; reason: DocumentSkip }> = [];
  // One at a time: a PDF's pages are held in memory only while it is read.
  for (const d of docs) {
    const e = await extractDocumentText(d, limits);
    if ("skipped" in e) skipped.push({ name: e.name, reason: e.skipped });
    else texts.push({ name: e.name, text: e.text });
  }
  return { texts, skipped };
}
