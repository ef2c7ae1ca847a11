// The one ordered list of operation definitions: the spec's operation table as data. The CLI
// client, OpenAPI and the MCP tool list read it without loading a handler, the domain or the
// store; index.ts pairs each definition with its handler for the REST, MCP and web faces.
import type { OperationDefinition } from "./operation.ts";
import { getMeDefinition } from "./identity/get-me.def.ts";
import { listMembersDefinition } from "./identity/list-members.def.ts";
import { listFocusesDefinition } from "./focuses/list-focuses.def.ts";
import { getFocusDefinition } from "./focuses/get-focus.def.ts";
import { listRepositoriesDefinition } from "./repositories/list-repositories.def.ts";
import { getRepositoryDefinition } from "./repositories/get-repository.def.ts";
import { listRefsDefinition } from "./repositories/list-refs.def.ts";
import { listRepositoryFindingsDefinition } from "./findings/list-repository-findings.def.ts";
import { listFindingsDefinition } from "./findings/list-findings.def.ts";
import { updateFindingsDefinition } from "./findings/update-findings.def.ts";
import { getFindingDefinition } from "./findings/get-finding.def.ts";
import { updateFindingDefinition } from "./findings/update-finding.def.ts";
import { commentOnFindingDefinition } from "./findings/comment-on-finding.def.ts";
import { listRunsDefinition } from "./runs/list-runs.def.ts";
import { startRunDefinition } from "./runs/start-run.def.ts";
import { getRunDefinition } from "./runs/get-run.def.ts";
import { listRunFindingsDefinition } from "./runs/list-run-findings.def.ts";
import { estimateRunDefinition } from "./runs/estimate-run.def.ts";
import { cancelRunDefinition } from "./runs/cancel-run.def.ts";
import { requestDocumentUploadDefinition } from "./documents/request-upload.def.ts";
import { createDocumentDefinition } from "./documents/create-document.def.ts";
import { listDocumentsDefinition } from "./documents/list-documents.def.ts";
import { getDocumentDefinition } from "./documents/get-document.def.ts";
import { archiveDocumentDefinition } from "./documents/archive-document.def.ts";

export const operationDefinitions = [
  // identity
  getMeDefinition,
  listMembersDefinition,
  // focuses
  listFocusesDefinition,
  getFocusDefinition,
  // repositories
  listRepositoriesDefinition,
  getRepositoryDefinition,
  listRefsDefinition,
  // findings
  listRepositoryFindingsDefinition,
  listFindingsDefinition,
  updateFindingsDefinition,
  getFindingDefinition,
  updateFindingDefinition,
  commentOnFindingDefinition,
  // runs
  listRunsDefinition,
  startRunDefinition,
  getRunDefinition,
  listRunFindingsDefinition,
  estimateRunDefinition,
  cancelRunDefinition,
  // documents
  requestDocumentUploadDefinition,
  createDocumentDefinition,
  listDocumentsDefinition,
  getDocumentDefinition,
  archiveDocumentDefinition,
] as unknown as readonly OperationDefinition[];

/** A definition of the table by id (the CLI calls operations by name). */
export function definitionById(id: string): OperationDefinition {
  const def = operationDefinitions.find((d) => d.id === id);
  if (!def) throw new Error(`no operation ${id}`);
  return def;
}
