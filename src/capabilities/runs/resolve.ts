// What a run request reviews, resolved against the mirrors: the commits (a position per repository,
// or a change's base and head), the focus revisions and the documents, and, when asked, the
// billable files and lines and the price. The price is a pure function of what is resolved here.
import type { PricingConfig } from "../../kernel/config.ts";
import type { ModelConfig } from "../../review/model/index.ts";
import { modelConfigHash, modelOffReason, modelPlan, type ModelPlan } from "./model-plan.ts";
import type { MirrorPool } from "../../platform/codehost/index.ts";
import { AppError, invalidField } from "../../kernel/errors.ts";
import { scopeMatcher } from "../../review/billable.ts";
import type { Store } from "../../platform/store/index.ts";
import { documentsForRun } from "../documents/index.ts";
import { getFocus } from "../focuses/index.ts";
import { positionUnavailable, resolvePosition } from "../repositories/index.ts";
import { resolveAt, usableMirror } from "../repositories/index.ts";
import { invalidRepositoryRef, parseRepositoryRef, resolveRepository, type RepositoryRow } from "../repositories/index.ts";
import { billableChange, billableTree } from "./billable.ts";
import { repoConfigAt, withSkips } from "./repo-config.ts";
import type { ChangeView, RunRequest, Target } from "./types.ts";

export interface ResolveDeps {
  store: Store;
  mirrors: MirrorPool;
  config: { pricing: PricingConfig; model: ModelConfig | null };
  /** A connected repository's pull request base branch from its host (App.pullRequestBase); absent: the default branch. */
  pullRequestBase?: (workspaceId: number, repositoryId: number, number: number) => Promise<string | undefined>;
}

export interface ResolvedRun {
  kind: "full" | "change";
  repository: RepositoryRow;
  /** Every repository reviewed, the main one first; files and lines are 0 unless counted. */
  targets: Target[];
  change: ChangeView | null;
  focuses: Array<{ slug: string; revision: number }>;
  documents: number[];
  scope: string[];
  steering: string | null;
  /** The model stage priced (its lines and cents 0 unless counted), or null when the run has none. */
  model: ModelPlan | null;
  /** Why the run has no model stage, or null. */
  modelOff: string | null;
  /** Null unless counted. */
  priceCents: number | null;
  /** Per target, the blob id of its .crs.yml at the reviewed commit (null: none); a quote binds them. */
  configBlobs: Array<string | null>;
}

function priceOf(pricing: PricingConfig, lines: number): number {
  return pricing.baseCents + Math.ceil((lines * pricing.per1000LinesCents) / 1000);
}

function changeRefused(reason: "thin" | "identical" | "large" | "detached", message: string, extra: Record<string, unknown> = {}): AppError {
  return new AppError("change_refused", message, { details: { reason, ...extra } });
}

async function repositoryOf(store: Store, workspaceId: number, value: string | number, field: string): Promise<RepositoryRow> {
  const ref = parseRepositoryRef(value);
  if (!ref) throw invalidRepositoryRef(field);
  return resolveRepository(store, workspaceId, ref);
}

/** Rules between fields that a schema cannot say: 400 invalid_request, nothing resolved yet. */
function checkRequestShape(req: RunRequest): void {
  if (req.at !== undefined && req.change !== undefined) throw invalidField("change", "Give at (a full review) or change (a change review), not both.");
  if (req.change !== undefined && req.repositories?.length) throw invalidField("repositories", "Extra repositories are reviewed in full reviews only.");
}

/** Resolves a request; `count` adds billable files, lines and the price (reads blobs not yet cached). */
export async function resolveRun(deps: ResolveDeps, workspaceId: number, req: RunRequest, count: boolean): Promise<ResolvedRun> {
  checkRequestShape(req);
  const row = await repositoryOf(deps.store, workspaceId, req.repository, "repository");
  const mirror = usableMirror(deps.mirrors, row);
  const scope = req.scope ?? [];
  const inScope = scopeMatcher(scope);
  const repoRef = { id: row.id, fullName: row.full_name };
  let targets: Target[];
  let change: ChangeView | null = null;
  const configBlobs: Array<string | null> = [];
  if (req.change) {
    const c = req.change;
    const head =
      "pr" in c
        ? await resolvePosition(mirror, { kind: "pr", number: c.pr, pin: null }, row.default_branch_override)
        : await resolvePosition(mirror, { kind: "branch", name: c.branch, pin: null }, row.default_branch_override);
    let base: string;
    let since: string | null = null;
    if (!("pr" in c) && c.since) {
      const r = await mirror.resolveCommit(c.since);
      if (r.status !== "found")
        throw positionUnavailable(r.status === "ambiguous" ? "ambiguous_commit" : "unknown_commit", `Commit ${c.since} (since) is not in the mirror.`);
      if (!(await mirror.isAncestor(r.sha, head.sha)))
        throw positionUnavailable("not_on_ref", `Commit ${r.sha} (since) is not on the history of branch ${c.branch}.`);
      base = since = r.sha;
    } else {
      // A connected pull request's base branch comes from its host (named by a webhook, or asked
      // now); otherwise the default branch. Estimates, quotes and starts all ask, so they agree.
      const baseRef = "pr" in c ? (c.baseRef ?? (await deps.pullRequestBase?.(workspaceId, row.id, c.pr))) : undefined;
      const main = await resolvePosition(mirror, baseRef ? { kind: "branch", name: baseRef, pin: null } : { kind: "default" }, row.default_branch_override);
      const mb = await mirror.mergeBase(main.sha, head.sha);
      if (mb === null) throw changeRefused("detached", "The change shares no history with the default branch (no merge base); review it with at instead.");
      base = mb;
    }
    if (base === head.sha) throw changeRefused("identical", "The change has no commits beyond its base: there is nothing to compare.");
    const tuning = await repoConfigAt(mirror, head.sha);
    configBlobs.push(tuning.oid);
    let files = 0;
    let changedLines = 0;
    let lines = 0;
    if (count) {
      const diff = await mirror.diff(base, head.sha);
      if (diff.length === 0) throw changeRefused("identical", "The change's head has the same content as its base.");
      const b = await billableChange(mirror, head.sha, diff, withSkips(inScope, tuning), deps.config.pricing.changeContextLines);
      if (b.changedLines > deps.config.pricing.changeMaxLines) {
        throw changeRefused(
          "large",
          `The change adds ${b.changedLines} lines in reviewable files, more than the ${deps.config.pricing.changeMaxLines} a change review takes; review a ` +
            `position with at instead.`,
          { changedLines: b.changedLines, maxLines: deps.config.pricing.changeMaxLines },
        );
      }
      if (b.files === 0)
        throw changeRefused("thin", "The change adds no lines to reviewable files in scope (only deletions, binary, vendored or generated " + "files).");
      ({ files, changedLines, lines } = b);
    }
    change = {
      kind: "pr" in c ? "pr" : "branch",
      pr: "pr" in c ? c.pr : null,
      branch: "pr" in c ? null : c.branch,
      since,
      base,
      head: head.sha,
      files,
      changedLines,
    };
    targets = [{ repository: repoRef, at: null, ref: head.ref, sha: head.sha, files, lines }];
  } else {
    const main = await resolveAt({ app: { mirrors: deps.mirrors } }, row, req.at);
    targets = [{ repository: repoRef, at: main.at, ref: main.ref, sha: main.sha, files: 0, lines: 0 }];
    const seen = new Set([row.id]);
    for (const [i, extra] of (req.repositories ?? []).entries()) {
      const xrow = await repositoryOf(deps.store, workspaceId, extra.repository, `repositories.${i}.repository`);
      if (seen.has(xrow.id)) throw invalidField(`repositories.${i}.repository`, `Repository ${xrow.full_name} is already reviewed by this run.`);
      seen.add(xrow.id);
      const pos = await resolveAt({ app: { mirrors: deps.mirrors } }, xrow, extra.at);
      targets.push({ repository: { id: xrow.id, fullName: xrow.full_name }, at: pos.at, ref: pos.ref, sha: pos.sha, files: 0, lines: 0 });
    }
    for (const t of targets) {
      const m = t.repository.id === row.id ? mirror : deps.mirrors.get(t.repository.id);
      // Each repository's own .crs.yml at its reviewed commit: its skipped paths are not priced.
      const tuning = await repoConfigAt(m, t.sha);
      configBlobs.push(tuning.oid);
      if (count) Object.assign(t, await billableTree(m, t.sha, withSkips(inScope, tuning)));
    }
    if (count) {
      if (targets.every((t) => t.files === 0)) {
        throw new AppError(
          "nothing_to_review",
          "No reviewable files are in scope at the position (after vendored, generated, binary and oversized files are " + "left out).",
        );
      }
    }
  }
  const focuses: ResolvedRun["focuses"] = [];
  for (const slug of new Set(req.focuses ?? [])) {
    const f = await getFocus(deps.store, workspaceId, slug).catch((err: unknown) => {
      throw err instanceof AppError && err.code === "not_found"
        ? new AppError("not_found", `No focus ${slug} in this workspace (or it is archived).`, { details: { field: "focuses", slug } })
        : err;
    });
    focuses.push({ slug: f.slug, revision: f.revision });
  }
  const documents = (await documentsForRun(deps.store, workspaceId, req.documents ?? [])).map((d) => d.id).sort((a, b) => a - b);
  const lines = targets.reduce((n, t) => n + t.lines, 0);
  const modelOff = await modelOffReason(deps.store.db, deps.config.model, workspaceId, req.model);
  // The model reads the main repository only: its lines are the ones priced.
  const model =
    modelOff || !deps.config.model
      ? null
      : count
        ? modelPlan(deps.config.model, deps.config.pricing, targets[0]!.lines)
        : { hash: modelConfigHash(deps.config.model, deps.config.pricing), lines: 0, cents: 0 };
  return {
    kind: change ? "change" : "full",
    repository: row,
    targets,
    change,
    focuses,
    documents,
    scope,
    steering: req.steering ?? null,
    model,
    modelOff,
    priceCents: count ? priceOf(deps.config.pricing, lines) + (model?.cents ?? 0) : null,
    configBlobs,
  };
}
