// Run operations with their handlers (definitions.ts holds the order).
import type { Operation } from "../../../kernel/operation.ts";
import { cancelRun } from "./cancel-run.ts";
import { estimateRun } from "./estimate-run.ts";
import { getRun } from "./get-run.ts";
import { listRunFindings } from "./list-run-findings.ts";
import { listRuns } from "./list-runs.ts";
import { startRun } from "./start-run.ts";

export const runOperations: readonly Operation[] = [
  listRuns as unknown as Operation,
  startRun as unknown as Operation,
  getRun as unknown as Operation,
  listRunFindings as unknown as Operation,
  estimateRun as unknown as Operation,
  cancelRun as unknown as Operation,
];
