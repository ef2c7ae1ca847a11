// Creating and refreshing a bare mirror from a remote, and probing a remote without fetching.
// A new mirror is built in a temporary directory and renamed into place only after its first
// successful fetch, so a half-made mirror is never visible. Remote URLs are passed on the command
// line, never stored in the mirror's config (they may carry credentials).
import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { AppError } from "../../kernel/errors.ts";
import { classifyGitFailure, failureSummary, remoteFailureError } from "./failures.ts";
import type { RemoteFailureReason } from "./failures.ts";
import { runGit } from "./git.ts";
import type { GitResult } from "./git.ts";
import { parseRemote } from "./remote.ts";

const refspecs = [
  "+refs/heads/*:refs/heads/*",
  "+refs/tags/*:refs/tags/*",
  "+refs/pull/*/head:refs/pull/*/head",
  "+refs/merge-requests/*/head:refs/merge-requests/*/head",
];

export const syncMarker = "crs-sync.json";

export interface SyncOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** Credentials for a private remote as GIT_CONFIG_* environment (never in the URL, argv or the mirror's config). */
  env?: Record<string, string> | undefined;
}

export interface SyncResult {
  /** The remote's default branch (from its HEAD), or null when it has none. */
  defaultBranch: string | null;
  /** ISO time the sync finished. */
  syncedAt: string;
}

export type AccessProbe = { ok: true; defaultBranch: string | null } | { ok: false; reason: RemoteFailureReason; message: string };

// A sync stopped through its signal is reported like a timeout: we stopped waiting for the remote.
function failed(res: GitResult, what: string): AppError {
  const reason = classifyGitFailure({ stderr: res.stderr, timedOut: res.timedOut || res.aborted });
  return remoteFailureError(reason, new Error(`${what}: ${failureSummary(res.stderr)}`));
}

/** `git ls-remote --symref REMOTE HEAD`: is the remote reachable and readable, and its default branch. */
export async function probeRemote(remote: string, opts: SyncOptions): Promise<AccessProbe> {
  const url = parseRemote(remote).url;
  const res = await runGit(["ls-remote", "--symref", "--", url, "HEAD"], { timeoutMs: opts.timeoutMs, signal: opts.signal, maxBytes: 1 << 20 });
  if (res.code !== 0) return { ok: false, reason: classifyGitFailure(res), message: failureSummary(res.stderr) };
  return { ok: true, defaultBranch: parseSymref(res.stdout.toString("utf8")) };
}

function parseSymref(out: string): string | null {
  const m = /^ref: refs\/heads\/([^\t\n]+)\tHEAD$/m.exec(out);
  return m && !/[\u0000-\u001f\u007f]/.test(m[1]!) ? m[1]! : null;
}

/** Create-or-fetch the mirror at `dir`. Throws AppError (see remoteFailureError) when the remote fails. */
export async function syncMirror(dir: string, remote: string, opts: SyncOptions): Promise<SyncResult> {
  const url = parseRemote(remote).url;
  // The deadline covers talking to the remote; local steps are not cut short.
  const deadline = Date.now() + opts.timeoutMs;
  const left = () => Math.max(1, deadline - Date.now());
  const fresh = !existsSync(join(dir, "HEAD"));
  const work = fresh ? `${dir}.tmp-${randomBytes(6).toString("hex")}` : dir;
  try {
    if (fresh) {
      await mkdir(dirname(dir), { recursive: true });
      const init = await runGit(["init", "--bare", "--quiet", work]);
      if (init.code !== 0) throw new AppError("internal_error", "Creating the mirror failed.", { cause: new Error(init.stderr) });
    }
    const probe = await runGit(["ls-remote", "--symref", "--", url, "HEAD"], {
      timeoutMs: left(),
      signal: opts.signal,
      maxBytes: 1 << 20,
      ...(opts.env ? { env: opts.env } : {}),
    });
    if (probe.code !== 0) throw failed(probe, "ls-remote");
    const fetch = await runGit(
      ["-c", "fetch.recurseSubmodules=false", "fetch", "--prune", "--no-tags", "--no-write-fetch-head", "--quiet", "--", url, ...refspecs],
      { gitDir: work, timeoutMs: left(), signal: opts.signal, ...(opts.env ? { env: opts.env } : {}) },
    );
    if (fetch.code !== 0) throw failed(fetch, "fetch");
    // Thousands of loose ref files make every for-each-ref slow; one packed-refs file (with peeled
    // tags) keeps listRefs fast.
    await runGit(["pack-refs", "--all", "--prune"], { gitDir: work });
    const defaultBranch = parseSymref(probe.stdout.toString("utf8"));
    if (defaultBranch) {
      await runGit(["symbolic-ref", "HEAD", `refs/heads/${defaultBranch}`], { gitDir: work });
    }
    const syncedAt = new Date().toISOString();
    const marker = join(work, syncMarker);
    await writeFile(`${marker}.tmp`, JSON.stringify({ syncedAt, defaultBranch }));
    await rename(`${marker}.tmp`, marker);
    if (fresh) await moveIntoPlace(work, dir);
    return { defaultBranch, syncedAt };
  } catch (err) {
    if (fresh) await rm(work, { recursive: true, force: true });
    if (err instanceof AppError) throw err;
    throw new AppError("internal_error", "Syncing the mirror failed.", { cause: err });
  }
}

async function moveIntoPlace(work: string, dir: string): Promise<void> {
  try {
    await rename(work, dir);
  } catch (err) {
    // Another process finished a first sync first: its mirror is as good as ours.
    if ((err as NodeJS.ErrnoException).code !== "ENOTEMPTY" && (err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    await rm(work, { recursive: true, force: true });
  }
}
