// Findings operations with their handlers (definitions.ts holds the order).
import type { Operation } from "../../../kernel/operation.ts";
import { commentOnFinding } from "./comment-on-finding.ts";
import { getFinding } from "./get-finding.ts";
import { listFindings } from "./list-findings.ts";
import { listRepositoryFindings } from "./list-repository-findings.ts";
import { updateFinding } from "./update-finding.ts";
import { updateFindings } from "./update-findings.ts";

export const findingOperations: readonly Operation[] = [
  listRepositoryFindings as unknown as Operation,
  listFindings as unknown as Operation,
  updateFindings as unknown as Operation,
  getFinding as unknown as Operation,
  updateFinding as unknown as Operation,
  commentOnFinding as unknown as Operation,
];
