// What a webhook payload asks of crs, read from the hosts' documented shapes: the repository it is
// about and the intent (a push, or a pull request opened/reopened/synchronized). Everything else is
// acknowledged and ignored. Payloads are hostile: every field is checked before it is used.
import type { HostName } from "./store.ts";

/** `baseRef`: the pull request's base branch as the host names it (its change review's base). */
export type Intent = { kind: "push" } | { kind: "pr"; number: number; headSha: string; fromFork: boolean; baseRef?: string | undefined };

export interface ReadEvent {
  /** The repository's path on the host (owner/name, group/…/name), or null when the payload names none. */
  hostRepo: string | null;
  /** null: an event crs does not act on. */
  intent: Intent | null;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | undefined => (v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : undefined);
const str = (v: unknown, max = 512): string | undefined => (typeof v === "string" && v.length > 0 && v.length <= max ? v : undefined);
const sha = (v: unknown): string | undefined => (typeof v === "string" && /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(v) ? v : undefined);
const branch = (v: unknown): string | undefined => (typeof v === "string" && /^[^\u0000-\u001f\u007f ~^:?*[\\]{1,255}$/.test(v) ? v : undefined);
const posInt = (v: unknown): number | undefined => (typeof v === "number" && Number.isSafeInteger(v) && v > 0 && v < 2 ** 31 ? v : undefined);

function github(event: string, body: Json): ReadEvent {
  const hostRepo = str(obj(body.repository)?.full_name, 300) ?? null;
  if (event === "push") return { hostRepo, intent: { kind: "push" } };
  if (event !== "pull_request") return { hostRepo, intent: null };
  const action = body.action;
  if (action !== "opened" && action !== "reopened" && action !== "synchronize") return { hostRepo, intent: null };
  const pr = obj(body.pull_request);
  const number = posInt(pr?.number ?? body.number);
  const head = obj(pr?.head);
  const headSha = sha(head?.sha);
  if (!number || !headSha) return { hostRepo, intent: null };
  const headRepoId = obj(head?.repo)?.id;
  const baseRepoId = obj(obj(pr?.base)?.repo)?.id;
  const fromFork = headRepoId === undefined || headRepoId === null || headRepoId !== baseRepoId;
  return { hostRepo, intent: { kind: "pr", number, headSha, fromFork, baseRef: branch(obj(pr?.base)?.ref) } };
}

function gitlab(event: string, body: Json): ReadEvent {
  const hostRepo = str(obj(body.project)?.path_with_namespace, 1000) ?? null;
  if (event === "Push Hook") return { hostRepo, intent: { kind: "push" } };
  if (event !== "Merge Request Hook") return { hostRepo, intent: null };
  const attrs = obj(body.object_attributes);
  const action = attrs?.action;
  if (action !== "open" && action !== "reopen" && action !== "update") return { hostRepo, intent: null };
  // An update that changed only the title or labels has no oldrev: nothing new to review.
  if (action === "update" && attrs?.oldrev === undefined) return { hostRepo, intent: null };
  const number = posInt(attrs?.iid);
  const headSha = sha(obj(attrs?.last_commit)?.id);
  if (!number || !headSha) return { hostRepo, intent: null };
  const fromFork = attrs?.source_project_id !== attrs?.target_project_id;
  return { hostRepo, intent: { kind: "pr", number, headSha, fromFork, baseRef: branch(attrs?.target_branch) } };
}

export function readEvent(host: HostName, event: string, body: unknown): ReadEvent {
  const o = obj(body);
  if (!o) return { hostRepo: null, intent: null };
  return host === "github" ? github(event, o) : gitlab(event, o);
}
