// Upload slots and context documents.
import type { Generated } from "kysely";

export type UploadState = "pending" | "uploading" | "uploaded" | "used";

export interface DocumentUploadsTable {
  workspace_id: number;
  /** Random, unguessable slot id (upl_…). */
  id: string;
  user_id: number;
  filename: string;
  content_type: string;
  state: UploadState;
  /** The PUT must start before this instant. */
  expires_at: string;
  size_bytes: number | null;
  sha256: string | null;
  /** The document this upload became (state used). */
  document_id: number | null;
  created_at: string;
  uploaded_at: string | null;
}

export interface DocumentsTable {
  id: Generated<number>;
  workspace_id: number;
  kind: "upload" | "note";
  title: string;
  filename: string | null;
  content_type: string | null;
  size_bytes: number;
  /** Hex SHA-256 of the content (the file's bytes, or the note's UTF-8 text). */
  sha256: string;
  /** The note's text; uploads live in the content store under the data directory. */
  note_text: string | null;
  repository_id: number | null;
  created_by: number;
  created_at: string;
  archived_at: string | null;
  archived_by: number | null;
}

export interface DocumentTables {
  document_uploads: DocumentUploadsTable;
  documents: DocumentsTable;
}
