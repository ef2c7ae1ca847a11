// Test support: the comments crs leaves on a pull request of the GitHub stand-in: issue comments (the
// summary), reviews with comments on lines, single review comments and replies. As GitHub does, a
// comment on a line outside the diff's hunks is refused with 422 (and fails the whole review).
import { type PullRepo, pullHeadSha, type StandInPull } from "./github-pulls.ts";
import { commentableLines, revParse } from "./served-repo.ts";
import type { Reply } from "./server.ts";

interface Comment {
  id: number;
  body: string;
  html_url: string;
  pull: number;
}
interface ReviewComment extends Comment {
  path: string;
  line: number;
  commit_id: string;
  review_id: number | null;
  in_reply_to_id: number | null;
}
type NewReviewComment = { path: string; line: number; body: string; commit_id: string };

const notFound: Reply = { status: 404, body: { message: "Not Found" } };

export class GitHubPullComments {
  readonly issueComments = new Map<number, Comment>();
  readonly reviewComments = new Map<number, ReviewComment>();
  private readonly where: () => PullRepo;
  private readonly nextId: () => number;

  /** `where` is read at each request (the stand-in's URL is known once it listens); `nextId` is the stand-in's id counter. */
  constructor(where: () => PullRepo, nextId: () => number) {
    this.where = where;
    this.nextId = nextId;
  }

  /** The reply to a comment operation (an OpenAPI path template), or null for an operation not about comments. */
  async route(op: string, pull: StandInPull | undefined, params: Record<string, string>, b: Record<string, unknown>): Promise<Reply | null> {
    switch (op) {
      case "/repos/{owner}/{repo}/issues/{issue_number}/comments": {
        if (!pull) return notFound;
        const id = this.nextId();
        const c = { id, body: String(b.body), pull: pull.number, html_url: `${this.pullUrl(pull.number)}#issuecomment-${id}` };
        this.issueComments.set(id, c);
        return { status: 201, body: { id, body: c.body, html_url: c.html_url, user: { login: "crs" } } };
      }
      case "/repos/{owner}/{repo}/issues/comments/{comment_id}": {
        const c = this.issueComments.get(Number(params.comment_id));
        if (!c) return notFound;
        c.body = String(b.body);
        return { status: 200, body: { id: c.id, body: c.body, html_url: c.html_url, user: { login: "crs" } } };
      }
      case "/repos/{owner}/{repo}/pulls/{pull_number}/reviews":
        return this.createReview(pull, b);
      case "/repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}/comments": {
        const list = [...this.reviewComments.values()].filter((c) => c.review_id === Number(params.review_id));
        return { status: 200, body: list.map((c) => reviewCommentBody(c)) };
      }
      case "/repos/{owner}/{repo}/pulls/{pull_number}/comments": {
        if (!pull) return notFound;
        const c = b as NewReviewComment;
        if (!(await this.commentable(pull, c.path, c.line))) return lineRefused();
        return { status: 201, body: reviewCommentBody(this.addReviewComment(pull.number, c, null, null)) };
      }
      case "/repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies": {
        const parent = this.reviewComments.get(Number(params.comment_id));
        if (!pull || !parent || parent.pull !== pull.number) return notFound;
        const c = this.addReviewComment(
          pull.number,
          { path: parent.path, line: parent.line, body: String(b.body), commit_id: parent.commit_id },
          null,
          parent.id,
        );
        return { status: 201, body: reviewCommentBody(c) };
      }
    }
    return null;
  }

  private pullUrl(pull: number): string {
    const r = this.where();
    return `${r.webRoot}/${r.owner}/${r.repo}/pull/${pull}`;
  }

  private async createReview(pull: StandInPull | undefined, b: Record<string, unknown>): Promise<Reply> {
    if (!pull) return notFound;
    const comments = (b.comments ?? []) as Array<{ path: string; line: number; body: string }>;
    for (const c of comments) if (!(await this.commentable(pull, c.path, c.line))) return lineRefused();
    const reviewId = this.nextId();
    const commit = String(b.commit_id ?? (await pullHeadSha(this.where().gitDir, pull)));
    for (const c of comments) this.addReviewComment(pull.number, { ...c, commit_id: commit }, reviewId, null);
    return {
      status: 200,
      body: { id: reviewId, state: "COMMENTED", body: b.body ?? "", commit_id: commit, html_url: `${this.pullUrl(pull.number)}#pullrequestreview-${reviewId}` },
    };
  }

  private addReviewComment(pull: number, c: NewReviewComment, reviewId: number | null, replyTo: number | null): ReviewComment {
    const id = this.nextId();
    const stored = {
      id,
      pull,
      path: c.path,
      line: c.line,
      body: c.body,
      commit_id: c.commit_id,
      review_id: reviewId,
      in_reply_to_id: replyTo,
      html_url: `${this.pullUrl(pull)}#discussion_r${id}`,
    };
    this.reviewComments.set(id, stored);
    return stored;
  }

  private async commentable(pull: StandInPull, path: string, line: number): Promise<boolean> {
    const gitDir = this.where().gitDir;
    const base = await revParse(gitDir, `refs/heads/${pull.baseRef}`);
    const head = await pullHeadSha(gitDir, pull);
    if (!base || !head) return false;
    const ranges = (await commentableLines(gitDir, base, head)).get(path) ?? [];
    return ranges.some(([from, to]) => line >= from && line <= to);
  }
}

function reviewCommentBody(c: ReviewComment) {
  return {
    id: c.id,
    path: c.path,
    line: c.line,
    side: "RIGHT",
    body: c.body,
    commit_id: c.commit_id,
    pull_request_review_id: c.review_id,
    in_reply_to_id: c.in_reply_to_id ?? undefined,
    html_url: c.html_url,
    user: { login: "crs" },
  };
}

function lineRefused(): Reply {
  return { status: 422, body: { message: "Unprocessable Entity", errors: ["Line could not be resolved"] } };
}
