// GitLab (gitlab.com and self-managed) through @gitbeaker/rest. Its requester is swapped for one that
// uses our fetch (tests, time limit) and reports failures as HostRefusedError / HostUnavailableError;
// gitbeaker still builds every URL, query and body.
import { createRequesterFn } from "@gitbeaker/requester-utils";
import { Gitlab } from "@gitbeaker/rest";
import { hostError } from "./errors.ts";
import type { AccessResult, HostClient, HostConnection, HostPullRequest, PostedComment } from "./types.ts";

interface MergeRequestData {
  iid: number;
  sha: string;
  source_branch: string;
  target_branch: string;
  source_project_id: number;
  target_project_id: number;
  state: string;
  web_url: string;
  diff_refs?: { base_sha: string; head_sha: string; start_sha: string } | null;
}

function gitlabRequester(fetchFn: typeof fetch) {
  return createRequesterFn(
    (_, options) => Promise.resolve(options),
    async (endpoint: string, options?: Record<string, unknown>) => {
      const { prefixUrl, searchParams, method, headers, body, signal } = (options ?? {}) as {
        prefixUrl?: string;
        searchParams?: string;
        method?: string;
        headers?: Record<string, string>;
        body?: BodyInit;
        signal?: AbortSignal;
      };
      const base = prefixUrl ? (prefixUrl.endsWith("/") ? prefixUrl : `${prefixUrl}/`) : undefined;
      const url = new URL(endpoint, base);
      url.search = searchParams ?? "";
      let response: Response;
      try {
        response = await fetchFn(url, { method, headers, body, signal });
      } catch (err) {
        throw hostError("GitLab", undefined, (err as Error).message, false, err);
      }
      const type = (response.headers.get("content-type") ?? "").split(";")[0]?.trim() ?? "";
      if (!response.ok) {
        const text = await response.text().catch(() => "");
        throw hostError("GitLab", response.status, text.slice(0, 200), response.status === 429);
      }
      const parsed = response.status === 204 ? null : type === "application/json" ? ((await response.json()) ?? {}) : await response.text();
      return { body: parsed, headers: Object.fromEntries(response.headers.entries()), status: response.status };
    },
  );
}

function toPullRequest(m: MergeRequestData): HostPullRequest {
  const refs = m.diff_refs ?? null;
  return {
    number: m.iid,
    headSha: m.sha,
    headRef: m.source_branch,
    baseRef: m.target_branch,
    baseSha: refs?.start_sha ?? refs?.base_sha ?? "",
    fromFork: m.source_project_id !== m.target_project_id,
    state: m.state === "opened" ? "open" : m.state === "merged" ? "merged" : "closed",
    webUrl: m.web_url,
  };
}

const refused = (err: unknown) => (err as { reason?: unknown }).reason;

/**
 * A diff discussion sent as JSON through gitbeaker's own requester. `MergeRequestDiscussions.create`
 * flattens the position into form keys without encoding them (qs `encode: false`, then split on `&`
 * and `=`), which cuts apart a path holding `&`; as JSON every path arrives whole. gitbeaker still
 * builds the request (URL, token header, body), only the position's shape is ours.
 */
async function createDiscussion(api: InstanceType<typeof Gitlab>, project: string, pr: number, body: string, position: Record<string, unknown>) {
  const path = `${encodeURIComponent(project)}/merge_requests/${pr}/discussions`;
  const res = await api.MergeRequestDiscussions.requester.post<Record<string, unknown>>(path, { body: { body, position } });
  return res.body as { id: string; notes?: Array<{ id: number }> };
}

export function createGitLabClient(c: HostConnection, opts: { userAgent?: string }, fetchFn: typeof fetch): HostClient {
  if (c.auth.kind !== "token") throw new TypeError("GitLab connections authenticate with a project or group access token");
  const token = c.auth.token;
  const api = new Gitlab({ host: c.apiUrl.replace(/\/+$/, "").replace(/\/api\/v4$/, ""), token, requesterFn: gitlabRequester(fetchFn) });
  if (opts.userAgent) api.MergeRequests.headers["user-agent"] = opts.userAgent;
  const project = c.hostRepo;
  const mr = async (iid: number) => (await api.MergeRequests.show(project, iid)) as unknown as MergeRequestData;

  return {
    host: "gitlab",
    async checkAccess(): Promise<AccessResult> {
      try {
        const p = (await api.Projects.show(project)) as unknown as { default_branch?: string; visibility?: string; http_url_to_repo: string };
        return { ok: true, defaultBranch: p.default_branch ?? "main", private: p.visibility !== "public", cloneUrl: p.http_url_to_repo };
      } catch (err) {
        const reason = refused(err);
        if (reason === "revoked" || reason === "forbidden" || reason === "not_found") return { ok: false, reason };
        throw err;
      }
    },
    async getPullRequest(n) {
      return toPullRequest(await mr(n));
    },
    async listOpenPullRequests() {
      const list = (await api.MergeRequests.all({ projectId: project, state: "opened", perPage: 100 })) as unknown as MergeRequestData[];
      // The list carries no diff_refs (the base sha): ask for each, a few at a time.
      const out: HostPullRequest[] = [];
      for (let i = 0; i < list.length; i += 4) {
        const batch = await Promise.all(list.slice(i, i + 4).map((m) => mr(m.iid)));
        out.push(...batch.map(toPullRequest));
      }
      return out;
    },
    async createWebhook(url, secret) {
      try {
        const hook = await api.ProjectHooks.add(project, url, { pushEvents: true, mergeRequestsEvents: true, token: secret, enableSslVerification: true });
        return { created: true, id: String(hook.id) };
      } catch (err) {
        const reason = refused(err);
        if (reason === "revoked" || reason === "forbidden" || reason === "not_found" || reason === "rejected") return { created: false, reason };
        throw err;
      }
    },
    async gitCredentials() {
      // GitLab takes any non-empty user name with an access token; oauth2 is the documented one.
      return { username: "oauth2", password: token };
    },
    async upsertSummaryComment(pr, body, existingId) {
      const m = await mr(pr);
      if (existingId && /^\d+$/.test(existingId)) {
        try {
          const note = await api.MergeRequestNotes.edit(project, pr, Number(existingId), { body });
          return { id: String(note.id), url: `${m.web_url}#note_${note.id}` };
        } catch (err) {
          if (refused(err) !== "not_found") throw err;
        }
      }
      const note = await api.MergeRequestNotes.create(project, pr, body);
      return { id: String(note.id), url: `${m.web_url}#note_${note.id}` };
    },
    async postInlineComments(pr, headSha, comments) {
      if (comments.length === 0) return [];
      const m = await mr(pr);
      const refs = m.diff_refs;
      const out: Array<PostedComment | null> = [];
      for (const cm of comments) {
        try {
          const position = {
            position_type: "text",
            base_sha: refs?.base_sha ?? headSha,
            start_sha: refs?.start_sha ?? headSha,
            head_sha: headSha,
            new_path: cm.path,
            old_path: cm.path,
            new_line: cm.line,
          };
          const d = await createDiscussion(api, project, pr, cm.body, position);
          const noteId = d.notes?.[0]?.id;
          // The discussion id is what a reply needs; the note anchors the URL.
          out.push({ id: d.id, url: noteId === undefined ? m.web_url : `${m.web_url}#note_${noteId}` });
        } catch (err) {
          if (refused(err) !== "rejected") throw err;
          out.push(null);
        }
      }
      return out;
    },
    async replyToInlineComment(pr, commentId, body) {
      await api.MergeRequestDiscussions.addNote(project, pr, commentId, body);
    },
    async setStatus(sha, s) {
      const state = s.state === "pending" || s.state === "running" || s.state === "success" ? s.state : s.state === "cancelled" ? "canceled" : "failed";
      try {
        await api.Commits.editStatus(project, sha, state, { name: s.context, description: s.description.slice(0, 255), targetUrl: s.targetUrl });
      } catch (err) {
        // GitLab refuses a transition to the state the status already has ("Cannot transition status"):
        // a retry after a lost answer, already done.
        if (refused(err) !== "rejected") throw err;
      }
      return null;
    },
  };
}
