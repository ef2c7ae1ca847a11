// The code around a finding, read from the commit its newest report reviewed (the repository's
// mirror, through the repositories capability). Content and paths are hostile: paths with control
// characters are not asked of git (its batch protocol is line-based), lines are escaped by the page,
// and a file, an excerpt and a line each have a size cap.
import type { App } from "../../../kernel/app.ts";
import { AppError } from "../../../kernel/errors.ts";
import { resolveRepository, usableMirror } from "../../repositories/index.ts";

const maxFileBytes = 1024 * 1024;
const maxLineChars = 400;
const maxLines = 60;

export interface Excerpt {
  path: string;
  /** Numbered lines, first to last. */
  lines: { no: number; text: string }[];
}

const safePath = (p: string) => p.length > 0 && p.length <= 4096 && !/[\u0000-\u001f\u007f]/.test(p);

/** Lines `from`..`to` (1-based, clamped) of `path` at `sha` in the workspace's repository, or null when they cannot be read. */
export async function excerpt(app: App, workspaceId: number, repositoryId: number, sha: string, path: string, from: number, to: number) {
  if (!safePath(path) || !/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(sha)) return null;
  try {
    const repo = await resolveRepository(app.store, workspaceId, { id: repositoryId });
    const file = await usableMirror(app.mirrors, repo).fileAt(sha, path, maxFileBytes);
    if (!file?.content || file.content.includes(0)) return null;
    const all = new TextDecoder().decode(file.content).split(/\r?\n/);
    const first = Math.max(1, from);
    const last = Math.min(all.length, to, first + maxLines - 1);
    const lines: Excerpt["lines"] = [];
    for (let no = first; no <= last; no++) {
      const text = all[no - 1]!;
      lines.push({ no, text: text.length > maxLineChars ? `${text.slice(0, maxLineChars)}…` : text });
    }
    return lines.length ? ({ path, lines } satisfies Excerpt) : null;
  } catch (err) {
    // A repository removed, a mirror gone or a commit no longer fetched: the page shows the stored snippets.
    if (err instanceof AppError) return null;
    throw err;
  }
}
