// Context document operations with their handlers (definitions.ts holds the order).
import type { Operation } from "../../../kernel/operation.ts";
import { archiveDocument } from "./archive-document.ts";
import { createDocument } from "./create-document.ts";
import { getDocument } from "./get-document.ts";
import { listDocuments } from "./list-documents.ts";
import { requestDocumentUpload } from "./request-upload.ts";

export const documentOperations: readonly Operation[] = [
  requestDocumentUpload as unknown as Operation,
  createDocument as unknown as Operation,
  listDocuments as unknown as Operation,
  getDocument as unknown as Operation,
  archiveDocument as unknown as Operation,
];
