// GitHub and GitHub Enterprise Server through @octokit/rest; a GitHub App authenticates with
// @octokit/auth-app (installation tokens, minted and cached by the library) and reports through a
// check run, which fine-grained tokens cannot create.
import { createAppAuth } from "@octokit/auth-app";
import { Octokit } from "@octokit/rest";
import { call } from "./github-call.ts";
import { checkRun } from "./github-check-run.ts";
import type { AccessResult, HostClient, HostClientOptions, HostConnection, HostPullRequest, InlineComment, PostedComment } from "./types.ts";

type PullData = Awaited<ReturnType<Octokit["rest"]["pulls"]["get"]>>["data"];
type PullListItem = Awaited<ReturnType<Octokit["rest"]["pulls"]["list"]>>["data"][number];

function toPullRequest(p: PullData | PullListItem): HostPullRequest {
  const merged = "merged" in p ? p.merged : p.merged_at !== null;
  return {
    number: p.number,
    headSha: p.head.sha,
    headRef: p.head.ref,
    baseRef: p.base.ref,
    baseSha: p.base.sha,
    fromFork: p.head.repo === null || p.head.repo.id !== p.base.repo.id,
    state: p.state === "open" ? "open" : merged ? "merged" : "closed",
    webUrl: p.html_url,
  };
}

// Octokit logs failed requests to the console; the callers report failures themselves.
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

export function createGitHubClient(c: HostConnection, opts: HostClientOptions, fetchFn: typeof fetch): HostClient {
  const [owner = "", repo = ""] = c.hostRepo.split("/");
  const auth = c.auth;
  const octokit =
    auth.kind === "app"
      ? new Octokit({
          authStrategy: createAppAuth,
          auth: { appId: auth.appId, privateKey: auth.privateKey, installationId: auth.installationId },
          baseUrl: c.apiUrl,
          userAgent: opts.userAgent,
          request: { fetch: fetchFn },
          log: quiet,
        })
      : new Octokit({ auth: auth.token, baseUrl: c.apiUrl, userAgent: opts.userAgent, request: { fetch: fetchFn }, log: quiet });
  const rest = octokit.rest;

  return {
    host: "github",
    async checkAccess(): Promise<AccessResult> {
      try {
        const { data } = await call(() => rest.repos.get({ owner, repo }));
        return { ok: true, defaultBranch: data.default_branch, private: data.private, cloneUrl: data.clone_url };
      } catch (err) {
        const reason = (err as { reason?: unknown }).reason;
        if (reason === "revoked" || reason === "forbidden" || reason === "not_found") return { ok: false, reason };
        throw err;
      }
    },
    async getPullRequest(n) {
      const { data } = await call(() => rest.pulls.get({ owner, repo, pull_number: n }));
      return toPullRequest(data);
    },
    async listOpenPullRequests() {
      const all = await call(() => octokit.paginate(rest.pulls.list, { owner, repo, state: "open", per_page: 100 }));
      return all.map(toPullRequest);
    },
    async createWebhook(url, secret) {
      try {
        const { data } = await call(() =>
          rest.repos.createWebhook({
            owner,
            repo,
            name: "web",
            active: true,
            events: ["push", "pull_request"],
            config: { url, secret, content_type: "json", insecure_ssl: "0" },
          }),
        );
        return { created: true, id: String(data.id) };
      } catch (err) {
        const reason = (err as { reason?: unknown }).reason;
        if (reason === "revoked" || reason === "forbidden" || reason === "not_found" || reason === "rejected") return { created: false, reason };
        throw err;
      }
    },
    async gitCredentials() {
      if (auth.kind === "token") return { username: "x-access-token", password: auth.token };
      const minted = (await call(() => octokit.auth({ type: "installation" }))) as { token: string };
      return { username: "x-access-token", password: minted.token };
    },
    async upsertSummaryComment(pr, body, existingId) {
      if (existingId && /^\d+$/.test(existingId)) {
        try {
          const { data } = await call(() => rest.issues.updateComment({ owner, repo, comment_id: Number(existingId), body }));
          return { id: String(data.id), url: data.html_url };
        } catch (err) {
          // Someone deleted it: post a new one rather than give up.
          if ((err as { reason?: unknown }).reason !== "not_found") throw err;
        }
      }
      const { data } = await call(() => rest.issues.createComment({ owner, repo, issue_number: pr, body }));
      return { id: String(data.id), url: data.html_url };
    },
    async postInlineComments(pr, headSha, comments) {
      if (comments.length === 0) return [];
      try {
        return await postAsOneReview(octokit, owner, repo, pr, headSha, comments);
      } catch (err) {
        // One bad line (outside the diff) fails the whole review with 422: post them one by one.
        if ((err as { reason?: unknown }).reason !== "rejected") throw err;
      }
      const out: Array<PostedComment | null> = [];
      for (const cm of comments) {
        try {
          const { data } = await call(() =>
            rest.pulls.createReviewComment({ owner, repo, pull_number: pr, commit_id: headSha, path: cm.path, line: cm.line, side: "RIGHT", body: cm.body }),
          );
          out.push({ id: String(data.id), url: data.html_url });
        } catch (err) {
          if ((err as { reason?: unknown }).reason !== "rejected") throw err;
          out.push(null);
        }
      }
      return out;
    },
    async replyToInlineComment(pr, commentId, body) {
      await call(() => rest.pulls.createReplyForReviewComment({ owner, repo, pull_number: pr, comment_id: Number(commentId), body }));
    },
    async setStatus(sha, s) {
      if (auth.kind === "app") return checkRun(octokit, owner, repo, sha, s);
      await call(() =>
        rest.repos.createCommitStatus({
          owner,
          repo,
          sha,
          // Commit statuses have no cancelled: error is the state that is neither a pass nor a failing review.
          state: s.state === "cancelled" ? "error" : s.state === "running" ? "pending" : s.state,
          description: s.description.slice(0, 140),
          context: s.context,
          target_url: s.targetUrl,
        }),
      );
      return null;
    },
  };
}

async function postAsOneReview(octokit: Octokit, owner: string, repo: string, pr: number, headSha: string, comments: InlineComment[]) {
  const review = await call(() =>
    octokit.rest.pulls.createReview({
      owner,
      repo,
      pull_number: pr,
      commit_id: headSha,
      event: "COMMENT",
      comments: comments.map((cm) => ({ path: cm.path, line: cm.line, side: "RIGHT", body: cm.body })),
    }),
  );
  const posted = await call(() =>
    octokit.paginate(octokit.rest.pulls.listCommentsForReview, { owner, repo, pull_number: pr, review_id: review.data.id, per_page: 100 }),
  );
  // Matched by path and body (crs's bodies carry a per-finding marker), not by the listing's order.
  const left = [...posted];
  return comments.map((cm): PostedComment | null => {
    const i = left.findIndex((p) => p.path === cm.path && p.body === cm.body);
    if (i < 0) return null;
    const [hit] = left.splice(i, 1);
    return hit ? { id: String(hit.id), url: hit.html_url } : null;
  });
}
