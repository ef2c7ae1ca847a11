// The code around a finding, read from the commit its newest report reviewed (the repository's
// mirror, through the repositories capability). Content and paths are hostile: paths with control
// characters are not asked of git (its batch protocol is line-based), lines are escaped by the page,
// and a file, an excerpt and a line each have a size cap.
import type { App } from "../../../kernel/app.ts";
import type { Mirror } from "../../../platform/codehost/index.ts";
import { resolveRepository, usableMirror } from "../../repositories/index.ts";

const maxFileBytes = 1024 * 1024;
const maxLineChars = 400;
const maxLines = 60;

export interface Excerpt {
  path: string;
  /** Numbered lines, first to last. */
  lines: { no: number; text: string }[];
}

const plainPath = /^[A-Za-z0-9_.-][A-Za-z0-9_./-]{0,199}$/;
const safePath = (p: string) => p.length > 0 && p.length <= 4096 && !/[\u0000-\u001f\u007f]/.test(p);

/** A plain path by name; any other (spaces, markup, non-ASCII) through the commit's tree listing. */
async function read(mirror: Mirror, sha: string, path: string): Promise<Buffer | null> {
  if (plainPath.test(path)) return (await mirror.fileAt(sha, path, maxFileBytes))?.content ?? null;
  for await (const f of mirror.readFiles(sha, [path], { maxBytes: maxFileBytes })) return f.content;
  return null;
}

/** Lines `from`..`to` (1-based, clamped) of `path` at `sha` in the workspace's repository, or null when they cannot be read. */
export async function excerpt(app: App, workspaceId: number, repositoryId: number, sha: string, path: string, from: number, to: number) {
  if (!safePath(path) || !/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(sha)) return null;
  try {
    const repo = await resolveRepository(app.store, workspaceId, { id: repositoryId });
    const content = await read(usableMirror(app.mirrors, repo), sha, path);
    if (!content || content.includes(0)) return null;
    const all = new TextDecoder().decode(content).split(/\r?\n/);
    const first = Math.max(1, from);
    const last = Math.min(all.length, to, first + maxLines - 1);
    const lines: Excerpt["lines"] = [];
    for (let no = first; no <= last; no++) {
      const text = all[no - 1]!;
      lines.push({ no, text: text.length > maxLineChars ? `${text.slice(0, maxLineChars)}…` : text });
    }
    return lines.length ? ({ path, lines } satisfies Excerpt) : null;
  } catch {
    // A repository removed, a mirror gone, a commit no longer fetched, git refusing a name: the
    // excerpt is a convenience, so the page shows the stored snippets instead.
    return null;
  }
}
