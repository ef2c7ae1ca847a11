// The security suite's call of each of documents' operations (test-only; named by the manifest's
// `fixtures`, gathered by test/fixtures/index.ts): what it needs is made through the domain.
import type { Fixture } from "../../../test/fixtures/types.ts";
import { note, uploadedSlot } from "../../../test/fixtures/documents.ts";

export const fixtures: Record<string, Fixture> = {
  request_document_upload: async () => ({ body: { filename: "notes.md", contentType: "text/markdown" } }),
  create_document: async (t, ws) => ({ body: { upload: { id: await uploadedSlot(t, ws) } }, addressesResource: true }),
  list_documents: async () => ({ query: { limit: "10" } }),
  get_document: async (t, ws) => ({ path: { document: await note(t, ws) }, addressesResource: true }),
  archive_document: async (t, ws) => ({ path: { document: await note(t, ws) }, addressesResource: true }),
};
