// Which files are not reviewed, and why. Repository content is hostile: decide from cheap looks at
// the path and the first bytes before anything is parsed.
import type { SkipReason } from "./types.ts";

export const vendoredDirs = new Set([
  "node_modules",
  "vendor",
  "third_party",
  "third-party",
  "bower_components",
  "jspm_packages",
  ".venv",
  "venv",
  "site-packages",
  "Pods",
  "Carthage",
  ".bundle",
  ".yarn",
  ".pnpm-store",
  "__pycache__",
  ".tox",
  ".gradle",
]);

const generatedNames = [
  /\.pb\.go$/,
  /_pb2(_grpc)?\.pyi?$/,
  /\.pb\.(cc|h)$/,
  /\.g\.(dart|cs)$/,
  /\.designer\.cs$/i,
  /_generated\.\w+$/,
  // A folder of code generators write (jsdom's lib/generated/ from WebIDL, Relay's __generated__/): what it holds is
  // the generator's output, fixed by fixing the generator.
  /(^|\/)(?:__generated__|generated)\//,
  /(^|\/)(package-lock\.json|yarn\.lock|pnpm-lock\.yaml|Cargo\.lock|go\.sum|poetry\.lock|composer\.lock|Gemfile\.lock)$/,
  /\.(map|snap)$/,
];
/** Hand-written code has next to no lines this long. */
const longLine = 300;
const minifiedNames = /\.min\.(js|css|mjs)$|-min\.js$|\.bundle\.js$/;
const generatedHeader = /^\s*(?:\/\/|#|\/?\*|<!--|--|;).*(?:@generated|Code generated .* DO NOT EDIT|auto-?generated|This file is generated|DO NOT EDIT)/im;

/**
 * A library's release copied in under its versioned name (`public/js/jquery-1.10.2.js`, `bootstrap.3.4.1.css`):
 * people do not name their own sources with a three-part version, releases are published so.
 */
const versionedRelease = /(?:^|\/)[A-Za-z][\w.-]*?[-.]v?\d+\.\d+\.\d+(?:[-.][a-z]+\d*)*\.(?:js|mjs|cjs|css)$/;

function vendoredPath(path: string): boolean {
  return versionedRelease.test(path) || path.split("/").some((seg) => vendoredDirs.has(seg));
}

/** A skip reason from the path alone (before reading). */
export function skipByPath(path: string): SkipReason | null {
  if (vendoredPath(path)) return "vendored";
  if (minifiedNames.test(path)) return "minified";
  if (generatedNames.some((re) => re.test(path))) return "generated";
  return null;
}

/** A skip reason from the content; `maxBytes` bounds what is read at all. */
export function skipByContent(content: Buffer, maxBytes: number): SkipReason | null {
  if (content.length > maxBytes) return "too_large";
  const head = content.subarray(0, 8192);
  if (head.includes(0)) return "binary";
  const headText = head.subarray(0, 1024).toString("latin1");
  if (generatedHeader.test(headText)) return "generated";
  if (content.length > 4096) {
    let newlines = 0;
    let start = 0;
    let longBytes = 0;
    let longLines = 0;
    // Line ends found natively (indexOf): a loop over every byte in JS cost more than the rest of the file's preparation.
    for (;;) {
      const nl = content.indexOf(10, start);
      const i = nl < 0 ? content.length : nl;
      if (nl >= 0) newlines++;
      if (i - start > longLine) {
        longBytes += i - start;
        longLines++;
      }
      if (nl < 0) break;
      start = i + 1;
    }
    // Hand-written code averages well under 100 characters a line; bundles are few giant lines, or lines
    // wrapped at a few hundred characters (a prettifier shipped in docs) beside a license header and a
    // few short ones, or a bundler's modules each on a line of their own.
    if (content.length / (newlines + 1) > 500) return "minified";
    if (longLines >= 3 && longBytes * 2 > content.length) return "minified";
  }
  return null;
}
