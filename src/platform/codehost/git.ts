// Runs the `git` executable with an environment that can never prompt, never follows a caller's
// GIT_DIR, and only speaks the transports we allow. Every git call in crs goes through here.
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";

export interface GitRunOptions {
  /** The repository (bare mirror) directory; passed as --git-dir so the working directory never matters. */
  gitDir?: string;
  cwd?: string;
  input?: Buffer | string;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Kill git and fail when stdout grows past this many bytes. */
  maxBytes?: number;
  /** Extra environment (GIT_CONFIG_* credentials for a private remote: never in argv or a URL). */
  env?: Record<string, string>;
}

export interface GitResult {
  code: number;
  stdout: Buffer;
  stderr: string;
  timedOut: boolean;
  aborted: boolean;
  tooLarge: boolean;
}

// Variables a caller's shell or a git hook could leak in that would point git somewhere else.
const scrubbed = [
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_INDEX_FILE",
  "GIT_OBJECT_DIRECTORY",
  "GIT_ALTERNATE_OBJECT_DIRECTORIES",
  "GIT_NAMESPACE",
  "GIT_COMMON_DIR",
  "GIT_CEILING_DIRECTORIES",
  "GIT_EXTERNAL_DIFF",
  "GIT_PAGER",
  "GIT_EDITOR",
  "GIT_CONFIG",
  "GIT_CONFIG_PARAMETERS",
  "GIT_CONFIG_COUNT",
  "GIT_QUARANTINE_PATH",
  "GIT_REPLACE_REF_BASE",
];

function gitEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of scrubbed) delete env[key];
  return {
    ...env,
    LC_ALL: "C",
    LANG: "C",
    GIT_TERMINAL_PROMPT: "0",
    GIT_ASKPASS: "/bin/false",
    SSH_ASKPASS: "/bin/false",
    SSH_ASKPASS_REQUIRE: "never",
    GIT_SSH_COMMAND: process.env.GIT_SSH_COMMAND ?? "ssh -o BatchMode=yes -o ConnectTimeout=20",
    GIT_ALLOW_PROTOCOL: "file:git:http:https:ssh",
    GIT_NO_REPLACE_OBJECTS: "1",
    GIT_OPTIONAL_LOCKS: "0",
    ...extra,
  };
}

/** Config applied to every call: no ext::/fd:: transports, no pager, no colour. */
const baseConfig = [
  "-c",
  "protocol.ext.allow=never",
  "-c",
  "protocol.fd.allow=never",
  "-c",
  "core.pager=cat",
  "-c",
  "color.ui=false",
  "-c",
  "core.fsmonitor=false",
  "-c",
  "gc.autoDetach=false",
];

export function spawnGit(args: string[], opts: { gitDir?: string; cwd?: string; group?: boolean; env?: Record<string, string> } = {}): ChildProcess {
  const full = [...baseConfig];
  if (opts.gitDir) full.push("--git-dir", opts.gitDir);
  full.push(...args);
  return spawn("git", full, { cwd: opts.cwd ?? opts.gitDir ?? "/", env: gitEnv(opts.env), stdio: ["pipe", "pipe", "pipe"], detached: opts.group ?? false });
}

/**
 * Kills git and every process it started. Talking to a remote, git runs helpers (git-remote-http,
 * ssh) that hold its output pipes: killing git alone would leave them running and the call waiting.
 */
function killGroup(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, "SIGKILL");
    else child.kill("SIGKILL");
  } catch {
    child.kill("SIGKILL");
  }
}

const stderrCap = 64 * 1024;

export function runGit(args: string[], opts: GitRunOptions = {}): Promise<GitResult> {
  return new Promise((resolve) => {
    // Its own process group, so a timeout or abort also ends the helpers git started.
    const child = spawnGit(args, { ...opts, group: true });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = "";
    let timedOut = false;
    let aborted = false;
    let tooLarge = false;
    let settled = false;
    const kill = () => killGroup(child);
    const timer = opts.timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          kill();
        }, opts.timeoutMs)
      : undefined;
    const onAbort = () => {
      aborted = true;
      kill();
    };
    if (opts.signal?.aborted) onAbort();
    else opts.signal?.addEventListener("abort", onAbort, { once: true });

    child.stdout!.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (opts.maxBytes !== undefined && size > opts.maxBytes) {
        if (!tooLarge) {
          tooLarge = true;
          kill();
        }
        return;
      }
      chunks.push(chunk);
    });
    child.stderr!.on("data", (chunk: Buffer) => {
      if (stderr.length < stderrCap) stderr += chunk.toString("utf8").slice(0, stderrCap - stderr.length);
    });
    // A closed stdin (git exited early) must not become an uncaught EPIPE.
    child.stdin!.on("error", () => {});
    const finish = (code: number) => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      opts.signal?.removeEventListener("abort", onAbort);
      resolve({ code, stdout: Buffer.concat(chunks), stderr, timedOut, aborted, tooLarge });
    };
    child.on("error", (err) => {
      stderr += `\nspawn failed: ${err.message}`;
      finish(-1);
    });
    child.on("close", (code, sig) => finish(code ?? (sig ? 128 : -1)));
    child.stdin!.end(opts.input ?? undefined);
  });
}
