// Test support: webhook deliveries as the hosts send them. GitHub's come from its published examples
// (@octokit/webhooks-examples) rewritten to point at a stand-in's repository and signed with a real
// HMAC (X-Hub-Signature-256); GitLab's are push and merge request hook bodies we wrote from GitLab's
// webhook documentation (docs.gitlab.com/user/project/integrations/webhook_events), sent with
// X-Gitlab-Token and X-Gitlab-Event-UUID like GitLab does.
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { signGitHubPayload } from "../signatures.ts";

export interface Delivery {
  /** Lower-case header names, as a test's fetch sends them. */
  headers: Record<string, string>;
  /** The raw body, byte for byte what was signed. */
  body: string;
  /** The delivery id (X-GitHub-Delivery / X-Gitlab-Event-UUID). */
  id: string;
}

interface Example {
  name: string;
  examples: Array<Record<string, unknown>>;
}
let examples: Example[] | null = null;

function githubExample(event: string, action?: string): Record<string, unknown> {
  examples ??= createRequire(import.meta.url)("@octokit/webhooks-examples") as Example[];
  const found = examples.find((e) => e.name === event)?.examples.find((x) => action === undefined || x.action === action);
  if (!found) throw new Error(`@octokit/webhooks-examples has no ${event} ${action ?? ""}`);
  return structuredClone(found);
}

/** Every string of the example naming its repository or github.com now names the stand-in's. */
function retarget(value: unknown, from: string, to: string, webFrom: string, webTo: string): unknown {
  if (typeof value === "string") return value.split(from).join(to).split(webFrom).join(webTo);
  if (Array.isArray(value)) return value.map((v) => retarget(v, from, to, webFrom, webTo));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, retarget(v, from, to, webFrom, webTo)]));
  return value;
}

export interface GitHubTarget {
  /** owner/name on the stand-in. */
  fullName: string;
  /** The stand-in's base URL (http://127.0.0.1:port). */
  webUrl: string;
  secret: string;
  /** An id to send instead of a fresh one (redeliveries). */
  deliveryId?: string;
}

async function signed(event: string, payload: unknown, t: GitHubTarget): Promise<Delivery> {
  const body = JSON.stringify(payload);
  const id = t.deliveryId ?? randomUUID();
  return {
    id,
    body,
    headers: {
      "content-type": "application/json",
      "user-agent": "GitHub-Hookshot/stand-in",
      "x-github-event": event,
      "x-github-delivery": id,
      "x-github-hook-id": "1",
      "x-hub-signature-256": await signGitHubPayload(t.secret, body),
    },
  };
}

function retargeted(event: string, action: string | undefined, t: GitHubTarget): Record<string, unknown> {
  const ex = githubExample(event, action);
  const repo = ex.repository as { full_name: string };
  return retarget(ex, repo.full_name, t.fullName, "https://github.com", t.webUrl) as Record<string, unknown>;
}

/** A GitHub push of `after` to `ref` (refs/heads/...). */
export function githubPush(t: GitHubTarget, p: { ref: string; before: string; after: string }): Promise<Delivery> {
  const payload = retargeted("push", undefined, t);
  Object.assign(payload, { ref: p.ref, before: p.before, after: p.after, created: false, deleted: false, base_ref: null });
  const head = payload.head_commit as Record<string, unknown> | null;
  if (head) head.id = p.after;
  return signed("push", payload, t);
}

/** A GitHub pull_request event (opened, synchronize, reopened, closed, ...). */
export function githubPullRequest(
  t: GitHubTarget,
  p: { action: string; number: number; headSha: string; headRef: string; baseRef: string; baseSha: string; fromFork?: boolean },
): Promise<Delivery> {
  const payload = retargeted("pull_request", p.action, t);
  const pr = payload.pull_request as Record<string, Record<string, unknown>>;
  payload.number = p.number;
  Object.assign(pr, { number: p.number, html_url: `${t.webUrl}/${t.fullName}/pull/${p.number}`, state: p.action === "closed" ? "closed" : "open" });
  Object.assign(pr.head as object, { sha: p.headSha, ref: p.headRef });
  Object.assign(pr.base as object, { sha: p.baseSha, ref: p.baseRef });
  const baseRepo = payload.repository as Record<string, unknown>;
  (pr.base as Record<string, unknown>).repo = baseRepo;
  (pr.head as Record<string, unknown>).repo = p.fromFork
    ? { ...baseRepo, id: Number(baseRepo.id) + 1, full_name: `someone/${String(baseRepo.name)}` }
    : baseRepo;
  return signed("pull_request", payload, t);
}

export interface GitLabTarget {
  /** The project's full path on the stand-in. */
  fullPath: string;
  webUrl: string;
  projectId: number;
  token: string;
  deliveryId?: string;
}

function gitlabHeaders(event: string, t: GitLabTarget, id: string): Record<string, string> {
  return {
    "content-type": "application/json",
    "user-agent": "GitLab/18.0.0",
    "x-gitlab-event": event,
    "x-gitlab-token": t.token,
    "x-gitlab-event-uuid": id,
    "x-gitlab-webhook-uuid": "7d3c0e39-6a5e-4a4a-9b2c-0f5c2e7d9a11",
    "x-gitlab-instance": t.webUrl,
  };
}

function gitlabProject(t: GitLabTarget) {
  const name = t.fullPath.split("/").at(-1) ?? t.fullPath;
  return {
    id: t.projectId,
    name,
    path_with_namespace: t.fullPath,
    web_url: `${t.webUrl}/${t.fullPath}`,
    git_http_url: `${t.webUrl}/${t.fullPath}.git`,
    git_ssh_url: `git@stand-in:${t.fullPath}.git`,
    default_branch: "main",
    visibility_level: 0,
  };
}

/** GitLab's Push Hook body (written from GitLab's webhook documentation). */
export function gitlabPush(t: GitLabTarget, p: { ref: string; before: string; after: string }): Delivery {
  const id = t.deliveryId ?? randomUUID();
  const project = gitlabProject(t);
  const body = JSON.stringify({
    object_kind: "push",
    event_name: "push",
    before: p.before,
    after: p.after,
    ref: p.ref,
    ref_protected: true,
    checkout_sha: p.after,
    user_id: 4,
    user_name: "John Smith",
    user_username: "jsmith",
    project_id: t.projectId,
    project,
    repository: { name: project.name, url: project.git_ssh_url, homepage: project.web_url, git_http_url: project.git_http_url },
    commits: [
      {
        id: p.after,
        message: "Update\n",
        timestamp: "2026-01-01T00:00:00+00:00",
        url: `${project.web_url}/-/commit/${p.after}`,
        added: [],
        modified: [],
        removed: [],
      },
    ],
    total_commits_count: 1,
  });
  return { id, body, headers: gitlabHeaders("Push Hook", t, id) };
}

/** GitLab's Merge Request Hook body (written from GitLab's webhook documentation); action open, update, reopen, close, merge. */
export function gitlabMergeRequest(
  t: GitLabTarget,
  p: { action: string; iid: number; headSha: string; sourceBranch: string; targetBranch: string; oldrev?: string; fromFork?: boolean },
): Delivery {
  const id = t.deliveryId ?? randomUUID();
  const project = gitlabProject(t);
  const state = p.action === "close" ? "closed" : p.action === "merge" ? "merged" : "opened";
  const body = JSON.stringify({
    object_kind: "merge_request",
    event_type: "merge_request",
    user: { id: 1, name: "Administrator", username: "root" },
    project,
    object_attributes: {
      id: 9000 + p.iid,
      iid: p.iid,
      action: p.action,
      state,
      source_branch: p.sourceBranch,
      target_branch: p.targetBranch,
      source_project_id: p.fromFork ? t.projectId + 1 : t.projectId,
      target_project_id: t.projectId,
      last_commit: { id: p.headSha, message: "change\n", url: `${project.web_url}/-/commit/${p.headSha}` },
      url: `${project.web_url}/-/merge_requests/${p.iid}`,
      ...(p.oldrev ? { oldrev: p.oldrev } : {}),
      draft: false,
    },
    repository: { name: project.name, url: project.git_ssh_url, homepage: project.web_url },
  });
  return { id, body, headers: gitlabHeaders("Merge Request Hook", t, id) };
}
