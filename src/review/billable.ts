// What the engine would review, told without reviewing: the same skips (vendored, generated,
// minified, binary, oversized) and the same line count as prepare-file.ts, so a price counts
// exactly the files a run analyses. Runs price from this; the engine's scope globs match alike.
import picomatch from "picomatch";
import { skipByContent } from "./skip.ts";
import type { SkipReason } from "./types.ts";

export { skipByPath } from "./skip.ts";

/** The engine's default largest file (ReviewOptions.maxFileBytes). */
export const defaultMaxFileBytes = 1 << 20;

/**
 * Path globs (picomatch, dotfiles included) limiting the files reviewed; null when none are given.
 * A file is in scope when it matches a glob and no `!`-glob; with only `!`-globs, everything else is.
 */
export function scopeMatcher(scope: readonly string[] | undefined): ((path: string) => boolean) | null {
  if (!scope?.length) return null;
  const include = scope.filter((g) => !g.startsWith("!"));
  const exclude = scope
    .filter((g) => g.startsWith("!"))
    .map((g) => g.slice(1))
    .filter(Boolean);
  const yes = include.length ? picomatch(include, { dot: true }) : () => true;
  const no = exclude.length ? picomatch(exclude, { dot: true }) : () => false;
  return (path) => yes(path) && !no(path);
}

/** Lines as the engine counts them: newlines, plus one for a last line without one. */
function countLines(content: Buffer): number {
  let lines = 0;
  for (let i = content.indexOf(10); i >= 0; i = content.indexOf(10, i + 1)) lines++;
  if (content.length && content[content.length - 1] !== 10) lines++;
  return lines;
}

/** A file's content verdict (its path is judged by skipByPath): skipped, or reviewed with its lines. */
export function classifyContent(content: Buffer, maxBytes = defaultMaxFileBytes): { skip: SkipReason | null; lines: number } {
  const skip = skipByContent(content, maxBytes);
  return skip ? { skip, lines: 0 } : { skip: null, lines: countLines(content) };
}
