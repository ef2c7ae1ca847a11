// Remotes are operator input that git will act on: refuse anything that could become a git option
// or a command-running transport, and derive display data without ever echoing credentials.
import { isAbsolute } from "node:path";
import { type AppError, invalidField } from "../../kernel/errors.ts";

export type RemoteKind = "https" | "http" | "ssh" | "git" | "file" | "scp" | "path";

export interface ParsedRemote {
  /** What git is given: the remote as entered (local paths made absolute by the caller). */
  url: string;
  kind: RemoteKind;
  host: string | null;
  /** The path part, without a trailing `.git` or slashes. */
  path: string;
}

const maxRemoteLength = 2048;

function invalid(message: string): AppError {
  return invalidField("remote", message);
}

/** Validates a git remote; throws AppError invalid_request. Local paths must be absolute. */
export function parseRemote(remote: string): ParsedRemote {
  if (remote.length === 0 || remote.length > maxRemoteLength) throw invalid(`remote must be 1 to ${maxRemoteLength} characters`);
  // Control characters (incl. newlines) would smuggle extra lines into git config or protocol streams.
  if (/[\u0000-\u001f\u007f]/.test(remote)) throw invalid("remote must not contain control characters");
  if (remote.startsWith("-")) throw invalid("remote must not start with '-'");
  // `<transport>::<address>` runs remote helpers (ext:: runs arbitrary commands, fd:: uses descriptors).
  if (/^[A-Za-z][A-Za-z0-9+.-]*::/.test(remote)) throw invalid("remote helper transports (such as ext:: or fd::) are not allowed");
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(remote)?.[1]?.toLowerCase();
  if (scheme !== undefined) {
    if (!["https", "http", "ssh", "git", "file"].includes(scheme)) throw invalid(`remote scheme ${scheme} is not supported`);
    let u: URL;
    try {
      u = new URL(remote);
    } catch {
      throw invalid("remote is not a valid URL");
    }
    if (scheme !== "file" && !u.hostname) throw invalid("remote URL needs a host");
    // git percent-decodes URL parts before handing them to ssh or using them: check what it will use.
    const host = decodeSafe(u.hostname);
    const path = decodeSafe(u.pathname);
    if (optionLike(host) || optionLike(decodeSafe(u.username))) throw invalid("remote host and user must not start with '-'");
    if (hasControl(host + decodeSafe(u.username) + path)) throw invalid("remote must not contain control characters, even percent-encoded");
    if (optionLike(path.replace(/^\/+/, ""))) throw invalid("remote path must not start with '-'");
    return { url: remote, kind: scheme as RemoteKind, host: scheme === "file" ? null : u.hostname, path: trimPath(path) };
  }
  // scp-like syntax: [user@]host:path (no slash before the first colon).
  const scp = /^(?:([^@/:]+)@)?([^@/:]+):(.+)$/.exec(remote);
  if (scp && !isAbsolute(remote)) {
    const [user, host, path] = [decodeSafe(scp[1] ?? ""), decodeSafe(scp[2]!), decodeSafe(scp[3]!)];
    if (optionLike(host) || optionLike(user)) throw invalid("remote host and user must not start with '-'");
    // `host:--upload-pack=…`: the path reaches the remote command line.
    if (optionLike(path.replace(/^\/+/, ""))) throw invalid("remote path must not start with '-'");
    if (hasControl(host + user + path)) throw invalid("remote must not contain control characters, even percent-encoded");
    return { url: remote, kind: "scp", host: scp[2]!, path: trimPath(scp[3]!) };
  }
  if (!isAbsolute(remote)) throw invalid("a local remote must be an absolute path");
  return { url: remote, kind: "path", host: null, path: trimPath(remote) };
}

const optionLike = (s: string) => s.trimStart().startsWith("-");
const hasControl = (s: string) => /[\u0000-\u001f\u007f]/.test(s);

/** Percent-decoded until stable, so `%252D` cannot hide a '-' from a second decoding. */
function decodeSafe(s: string): string {
  for (let i = 0; i < 3; i++) {
    const next = decodeOnce(s);
    if (next === s) return s;
    s = next;
  }
  return s;
}

function decodeOnce(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function trimPath(p: string): string {
  return p
    .replace(/\/+$/, "")
    .replace(/\.git$/, "")
    .replace(/\/+$/, "");
}

/** `owner/name` from the remote's last two path segments, or null when it has fewer. */
export function fullNameFromRemote(remote: string): string | null {
  const parts = parseRemote(remote)
    .path.split("/")
    .filter((s) => s.length > 0 && s !== "." && s !== "..");
  if (parts.length < 2) return null;
  return `${parts[parts.length - 2]}/${parts[parts.length - 1]}`;
}

/** A browser URL for http(s), ssh and scp-like remotes on a host; null for local ones. */
export function webUrlFromRemote(remote: string): string | null {
  const r = parseRemote(remote);
  if (!r.host || r.kind === "file") return null;
  // An http(s) remote's own origin keeps its scheme and a non-default port; ssh and git ports say
  // nothing about where the web pages are, so those get https on the host.
  const origin = r.kind === "https" || r.kind === "http" ? new URL(remote).origin : `https://${r.host}`;
  return `${origin}/${r.path.replace(/^\/+/, "").split("/").map(encodeURIComponent).join("/")}`;
}

/** The remote with any user name and password removed, for logs and API output. */
export function redactRemote(remote: string): string {
  const r = parseRemote(remote);
  if (r.kind === "scp") return `${r.host}:${r.path}`;
  if (r.kind === "path") return remote;
  const u = new URL(remote);
  u.username = "";
  u.password = "";
  return u.toString();
}
