// documents' `crs` commands (gathered by npm run gen:cli): list, view, archive. Upload and note are
// written by the client itself and show their document with get_document's view.
import type { CommandSpec } from "../../kernel/ui/cli.ts";
import { record, type Out } from "../../kernel/ui/output.ts";

function document(o: Out, b: any): void {
  record(o, b.document, ["id", "kind", "title", "filename", "contentType", "sizeBytes", "sha256", "repository", "createdAt", "archived"]);
}

const one = { name: "DOCUMENT", field: "document" };

export const commands: CommandSpec[] = [
  { name: ["documents", "list"], op: "list_documents", columns: ["id", "kind", "title", "sizeBytes", "repository", "createdAt", "archived"] },
  { name: ["documents", "view"], op: "get_document", args: [one], view: document },
  { name: ["documents", "archive"], op: "archive_document", args: [one], view: document },
];
