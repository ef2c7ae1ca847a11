// Remotes typed by an operator: a relative local path is made absolute against the working
// directory (git and the server may run elsewhere); URLs and scp-like host:path stay as given.
import { resolve } from "node:path";

export function absolutizeRemote(remote: string, cwd: string = process.cwd()): string {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(remote)) return remote;
  if (/^[A-Za-z][A-Za-z0-9+.-]*::/.test(remote)) return remote; // refused later by parseRemote
  // scp-like: [user@]host:path, with no slash before the first colon.
  if (/^(?:[^@/:]+@)?[^@/:]+:/.test(remote) && !remote.startsWith(".")) return remote;
  if (remote.startsWith("-") || remote.length === 0) return remote; // refused later by parseRemote
  return resolve(cwd, remote);
}
