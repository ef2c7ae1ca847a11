// `crs documents upload FILE` (slot, PUT, create in one command) and `crs documents note`.
import { readFileSync, statSync } from "node:fs";
import { basename, extname } from "node:path";
import { type Command, Option } from "commander";
import { ClientError, reach } from "./api.ts";
import { group, viewOf } from "./generated.ts";
import { addJsonOptions, wantsJson, writeJson } from "./json-out.ts";
import { UsageError } from "./schema-flags.ts";
import { callOperation, type Session } from "./session.ts";

const types: Record<string, string> = {
  ".md": "text/markdown",
  ".markdown": "text/markdown",
  ".txt": "text/plain",
  ".pdf": "application/pdf",
  ".json": "application/json",
  ".yaml": "application/yaml",
  ".yml": "application/yaml",
  ".html": "text/html",
  ".csv": "text/csv",
  ".xml": "application/xml",
};

function contentTypeOf(file: string): string {
  return types[extname(file).toLowerCase()] ?? "application/octet-stream";
}

async function show(s: Session, body: any, opts: Record<string, unknown>): Promise<void> {
  if (wantsJson(opts)) await writeJson(s.out, body, opts);
  else viewOf("get_document")(s.out, body);
}

export function addDocumentCommands(program: Command, s: Session): void {
  const documents = group(program, "documents");
  addJsonOptions(
    documents
      .command("upload")
      .description("Upload a file as a context document (up to 50 MiB): the upload slot, the PUT and the create in one " + "step")
      .argument("<FILE>")
      .addOption(new Option("--content-type <type>", "The file's MIME type (default: from its extension)."))
      .addOption(new Option("--repository <owner/repo>", "Attach the document to this repository.")),
    "Print the created document as JSON.",
  ).action(async (file: string, opts: Record<string, unknown>) => {
    let bytes: Buffer;
    try {
      if (!statSync(file).isFile()) throw new Error("not a file");
      bytes = readFileSync(file);
    } catch (err) {
      throw new UsageError(`cannot read ${file}: ${(err as Error).message}`);
    }
    const slot = (await callOperation(s, "request_document_upload", { filename: basename(file), contentType: String(opts.contentType ?? contentTypeOf(file)) }))
      .upload;
    const put = await reach(
      `${new URL(slot.url).origin} to upload`,
      slot.url,
      { method: slot.method ?? "PUT", body: new Uint8Array(bytes), headers: slot.headers ?? {} },
      "",
    );
    if (!put.ok) {
      const e = ((await put.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null)?.error;
      throw new ClientError(`${e?.code ?? `http_${put.status}`}: ${e?.message ?? "the upload failed"}`, {
        exitCode: 1,
        code: e?.code ?? "upload_failed",
        status: put.status,
      });
    }
    await show(s, await callOperation(s, "create_document", { upload: { id: slot.id }, ...(opts.repository ? { repository: opts.repository } : {}) }), opts);
  });

  addJsonOptions(
    documents
      .command("note")
      .description("Create a text note as a context document (markdown; from --text, --file or standard input)")
      .addOption(new Option("--title <title>", "Title (default: the first line of the text)."))
      .addOption(new Option("--text <text>", "The note's text."))
      .addOption(new Option("--file <path>", "Read the text from this file (- for standard input)."))
      .addOption(new Option("--repository <owner/repo>", "Attach the note to this repository.")),
    "Print the created document as JSON.",
  ).action(async (opts: Record<string, unknown>) => {
    let text = opts.text as string | undefined;
    if (text === undefined && opts.file !== undefined) {
      try {
        text = opts.file === "-" ? await s.readStdin() : readFileSync(String(opts.file), "utf8");
      } catch (err) {
        throw new UsageError(`cannot read ${opts.file}: ${(err as Error).message}`);
      }
    }
    if (text === undefined) throw new UsageError("crs documents note needs --text or --file (- for standard input)");
    const note = { text, ...(opts.title !== undefined ? { title: opts.title } : {}) };
    await show(s, await callOperation(s, "create_document", { note, ...(opts.repository ? { repository: opts.repository } : {}) }), opts);
  });
}
