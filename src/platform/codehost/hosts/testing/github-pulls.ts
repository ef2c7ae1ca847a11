// Test support: the pull requests the GitHub stand-in knows, as GitHub's REST API shows them: the
// head and base resolved in the served repository, a fork's head in another repository.
import { revParse } from "./served-repo.ts";
import type { Reply } from "./server.ts";

export interface StandInPull {
  number: number;
  headRef: string;
  baseRef: string;
  fromFork?: boolean;
  state?: "open" | "closed" | "merged";
}

/** Where the pull request's head is: GitHub's refs/pull/N/head, else the head branch; "" when neither exists. */
export async function pullHeadSha(gitDir: string, p: StandInPull): Promise<string> {
  return (await revParse(gitDir, `refs/pull/${p.number}/head`)) ?? (await revParse(gitDir, `refs/heads/${p.headRef}`)) ?? "";
}

/** The repository a pull request lives in, as the URLs in GitHub's answers name it. */
export interface PullRepo {
  owner: string;
  repo: string;
  gitDir: string;
  /** The web root, e.g. http://127.0.0.1:1234 (html_url is <web>/<owner>/<repo>/pull/N). */
  webRoot: string;
}

export async function pullBody(r: PullRepo, p: StandInPull) {
  const state = p.state ?? "open";
  const base = { id: 1, full_name: `${r.owner}/${r.repo}`, name: r.repo, owner: { login: r.owner } };
  const head = p.fromFork ? { id: 2, full_name: `someone/${r.repo}`, name: r.repo, owner: { login: "someone" } } : base;
  return {
    id: 5000 + p.number,
    number: p.number,
    state: state === "open" ? "open" : "closed",
    merged: state === "merged",
    merged_at: state === "merged" ? "2026-01-01T00:00:00Z" : null,
    title: `Pull request ${p.number}`,
    user: { login: "octocat" },
    html_url: `${r.webRoot}/${r.owner}/${r.repo}/pull/${p.number}`,
    head: { ref: p.headRef, sha: await pullHeadSha(r.gitDir, p), repo: head, label: `${head.owner.login}:${p.headRef}` },
    base: { ref: p.baseRef, sha: (await revParse(r.gitDir, `refs/heads/${p.baseRef}`)) ?? "", repo: base, label: `${r.owner}:${p.baseRef}` },
  };
}

/** One page of GET /repos/{owner}/{repo}/pulls (state open by default), with GitHub's Link header to the next. */
export async function listPulls(r: PullRepo, pulls: StandInPull[], query: URLSearchParams, apiUrl: string): Promise<Reply> {
  const state = query.get("state") ?? "open";
  const list = pulls.filter((p) => state === "all" || (state === "open") === ((p.state ?? "open") === "open"));
  const page = Number(query.get("page") ?? "1");
  const per = Number(query.get("per_page") ?? "30");
  const slice = list.slice((page - 1) * per, page * per);
  const next =
    list.length > page * per ? { link: `<${apiUrl}/repos/${r.owner}/${r.repo}/pulls?state=${state}&per_page=${per}&page=${page + 1}>; rel="next"` } : undefined;
  return { status: 200, body: await Promise.all(slice.map((p) => pullBody(r, p))), headers: next };
}
