// The one ordered list of operation definitions: the spec's operation table as data. The CLI
// client, OpenAPI and the MCP tool list read it without loading a handler, the domain or the
// store; index.ts pairs each definition with its handler for the REST, MCP and web faces.
import type { OperationDefinition } from "../kernel/operation.ts";
import { getMeDefinition } from "../capabilities/identity/operations/get-me.def.ts";
import { listMembersDefinition } from "../capabilities/identity/operations/list-members.def.ts";
import { listFocusesDefinition } from "../capabilities/focuses/operations/list-focuses.def.ts";
import { getFocusDefinition } from "../capabilities/focuses/operations/get-focus.def.ts";
import { listRepositoriesDefinition } from "../capabilities/repositories/operations/list-repositories.def.ts";
import { getRepositoryDefinition } from "../capabilities/repositories/operations/get-repository.def.ts";
import { listRefsDefinition } from "../capabilities/repositories/operations/list-refs.def.ts";
import { listRepositoryFindingsDefinition } from "../capabilities/findings/operations/list-repository-findings.def.ts";
import { listFindingsDefinition } from "../capabilities/findings/operations/list-findings.def.ts";
import { updateFindingsDefinition } from "../capabilities/findings/operations/update-findings.def.ts";
import { getFindingDefinition } from "../capabilities/findings/operations/get-finding.def.ts";
import { updateFindingDefinition } from "../capabilities/findings/operations/update-finding.def.ts";
import { commentOnFindingDefinition } from "../capabilities/findings/operations/comment-on-finding.def.ts";
import { listRunsDefinition } from "../capabilities/runs/operations/list-runs.def.ts";
import { startRunDefinition } from "../capabilities/runs/operations/start-run.def.ts";
import { getRunDefinition } from "../capabilities/runs/operations/get-run.def.ts";
import { listRunFindingsDefinition } from "../capabilities/runs/operations/list-run-findings.def.ts";
import { estimateRunDefinition } from "../capabilities/runs/operations/estimate-run.def.ts";
import { cancelRunDefinition } from "../capabilities/runs/operations/cancel-run.def.ts";
import { requestDocumentUploadDefinition } from "../capabilities/documents/operations/request-upload.def.ts";
import { createDocumentDefinition } from "../capabilities/documents/operations/create-document.def.ts";
import { listDocumentsDefinition } from "../capabilities/documents/operations/list-documents.def.ts";
import { getDocumentDefinition } from "../capabilities/documents/operations/get-document.def.ts";
import { archiveDocumentDefinition } from "../capabilities/documents/operations/archive-document.def.ts";

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
