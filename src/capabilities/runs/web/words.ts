// What the runs pages say: run states and stages in words, money, durations, and the reads the pages
// make through the operation pipeline (trigger web, the signed-in user with the read scopes).
import type { FastifyRequest } from "fastify";
import type { App } from "../../../kernel/app.ts";
import { invoke } from "../../../kernel/execute.ts";
import type { AnyOperation } from "../../../kernel/operation.ts";
import { sessionPrincipal } from "../../../kernel/principal.ts";
import type { WorkspaceSession } from "../../identity/index.ts";

export type Row = Record<string, any>;
export type OperationById = (id: string) => AnyOperation;

const readScopes: ReadonlySet<string> = new Set(["user:read", "repos:read", "runs:read", "findings:read"]);

/** One read operation as the signed-in user, holding the read scopes only. */
export async function readAs(operation: OperationById, app: App, req: FastifyRequest, s: WorkspaceSession, id: string, input: Row): Promise<Row> {
  const r = await invoke(app, operation(id), sessionPrincipal(s, readScopes), input, { requestId: String(req.id), trigger: "web", headers: {} });
  return r.body as Row;
}

const stateWords: Record<string, string> = {
  queued: "Waiting for a worker",
  in_progress: "Checking out the code",
  compilation_in_progress: "Preparing the rules",
  compilation_completed: "Rules ready",
  analysis_in_progress: "Reviewing files",
  analysis_completed: "Review done, saving findings",
  compilation_failed: "Failed while preparing",
  analysis_failed: "Failed while reviewing",
  complete: "Complete",
  failed: "Failed",
  cancelled: "Cancelled",
};

/** A run state in words ("Reviewing files"), never the API's analysis_in_progress. */
export function stateWord(state: string, cancelling = false): string {
  if (cancelling && !["complete", "failed", "cancelled"].includes(state)) return "Cancelling";
  return stateWords[state] ?? state.replace(/_/g, " ");
}

/** A class for the state's badge: ok, bad, muted or busy. */
export function stateTone(state: string): string {
  if (state === "complete") return "ok";
  if (state === "failed" || state.endsWith("_failed")) return "bad";
  if (state === "cancelled") return "muted";
  return "busy";
}

const stageWords: Record<string, string> = { checkout: "Checkout", compilation: "Rules", analysis: "Analysis", import: "Saving findings" };
export const stageWord = (name: string | null | undefined): string => (name ? (stageWords[name] ?? name) : "—");

export const dollars = (cents: number | null | undefined): string => (typeof cents === "number" ? `$${(cents / 100).toFixed(2)}` : "—");

/** A duration in words: "45 s", "3 min 05 s", "2 h 10 min". */
export function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(s % 60).padStart(2, "0")} s`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, "0")} min`;
}
