// The spec's position syntax (`at`): parsed once, here, for every operation that takes it.
import { AppError } from "../../../kernel/errors.ts";
import { maxAtLength } from "../../../kernel/schemas.ts";

export type ParsedPosition =
  | { kind: "default" }
  | { kind: "branch"; name: string; pin: string | null }
  | { kind: "pr"; number: number; pin: string | null }
  | { kind: "commit"; sha: string };

const hexSha = /^[0-9a-fA-F]{4,64}$/;
const maxPrNumber = 2 ** 31 - 1;

function invalid(message: string): AppError {
  return new AppError("invalid_request", `Invalid position: ${message}.`, { details: { issues: [{ path: "at", message }] } });
}

/**
 * Parses `default`, `branch:<name>[@<sha>]`, `pr:<number>[@<sha>]` or `commit:<sha>`; shas may be
 * abbreviated (4 to 64 hex digits). A branch name may itself hold `@`: only a final `@<hex>` is a pin,
 * so `branch:fix@home` is the branch "fix@home". Throws AppError invalid_request.
 */
export function parseAt(at: string): ParsedPosition {
  if (typeof at !== "string" || at.length === 0) throw invalid("must not be empty");
  if (at.length > maxAtLength) throw invalid(`must be at most ${maxAtLength} characters`);
  if (at === "default") return { kind: "default" };
  const colon = at.indexOf(":");
  const prefix = colon < 0 ? "" : at.slice(0, colon);
  const rest = at.slice(colon + 1);
  if (prefix === "commit") {
    if (!hexSha.test(rest)) throw invalid("commit:<sha> needs a sha of 4 to 64 hex digits");
    return { kind: "commit", sha: rest.toLowerCase() };
  }
  if (prefix === "branch" || prefix === "pr") {
    const [target, pin] = splitPin(rest);
    if (prefix === "pr") {
      if (!/^[1-9][0-9]{0,9}$/.test(target) || Number(target) > maxPrNumber) throw invalid("pr:<number> needs a positive pull request number");
      return { kind: "pr", number: Number(target), pin };
    }
    const problem = branchNameProblem(target);
    if (problem) throw invalid(`branch name ${problem}`);
    return { kind: "branch", name: target, pin };
  }
  throw invalid("expected default, branch:<name>[@<sha>], pr:<number>[@<sha>] or commit:<sha>");
}

function splitPin(rest: string): [string, string | null] {
  const at = rest.lastIndexOf("@");
  if (at > 0) {
    const pin = rest.slice(at + 1);
    if (hexSha.test(pin)) return [rest.slice(0, at), pin.toLowerCase()];
  }
  return [rest, null];
}

/** git's rules for a branch name (check-ref-format), or null when the name is valid. */
export function branchNameProblem(name: string): string | null {
  if (name.length === 0) return "must not be empty";
  if (/[\u0000-\u0020\u007f~^:?*[\\]/.test(name)) return "must not contain spaces, control characters or any of ~^:?*[\\";
  if (name.includes("..") || name.includes("@{") || name === "@") return "must not contain '..' or '@{' or be '@'";
  if (name.startsWith("/") || name.endsWith("/") || name.includes("//")) return "must not start or end with '/' or contain '//'";
  if (name.endsWith(".")) return "must not end with '.'";
  for (const part of name.split("/")) {
    if (part.startsWith(".") || part.endsWith(".lock")) return "components must not start with '.' or end with '.lock'";
  }
  return null;
}

/** The canonical text of a parsed position. */
export function formatAt(p: ParsedPosition): string {
  switch (p.kind) {
    case "default":
      return "default";
    case "branch":
      return p.pin ? `branch:${p.name}@${p.pin}` : `branch:${p.name}`;
    case "pr":
      return p.pin ? `pr:${p.number}@${p.pin}` : `pr:${p.number}`;
    case "commit":
      return `commit:${p.sha}`;
  }
}
