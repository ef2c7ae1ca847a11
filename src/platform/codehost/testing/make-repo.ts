// Test helper: a real git repository in a temp dir with the shapes the service must handle:
// branches, a merge, a rename, lightweight and annotated tags, PR refs (GitHub and GitLab style),
// a binary file, a non-UTF-8 file name, symlinks inside and outside the tree and a submodule.
// Serve it as `repo.url` (file://) or `repo.path` (plain path).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

export interface TestRepo {
  /** Working tree of the repository (a non-bare repo; its .git is what remotes read). */
  path: string;
  /** file:// URL of the same repository. */
  url: string;
  shas: {
    /** First commit on main: every special file. */
    initial: string;
    /** main after a README change (first parent of the merge). */
    mainBeforeMerge: string;
    /** feature: app.py edited. */
    feature1: string;
    /** feature head: util.js renamed to utils.js. */
    featureHead: string;
    /** main head: merge of feature. */
    merge: string;
    /** refs/pull/2/head: a commit on no branch, child of `initial`. */
    pr2: string;
    /** refs/merge-requests/3/head: a commit on no branch, child of `mainBeforeMerge`. */
    mr3: string;
  };
  git(args: string[], input?: string | Buffer): string;
  /** Commits files (content null deletes) on a branch (created from HEAD when new); returns the sha. */
  commit(files: Record<string, string | Buffer | null>, opts?: { branch?: string; message?: string }): string;
  /** Removes the repository: a remote that disappeared. */
  cleanup(): void;
}

let clock = 1_700_000_000;

function run(cwd: string, args: string[], input?: string | Buffer): string {
  const date = `${clock++} +0000`;
  return execFileSync("git", args, {
    cwd,
    input,
    env: {
      PATH: process.env.PATH,
      HOME: cwd,
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_CONFIG_GLOBAL: "/dev/null",
      // No `git maintenance run --auto` process after each commit: these repositories live for one test.
      GIT_CONFIG_COUNT: "1",
      GIT_CONFIG_KEY_0: "maintenance.auto",
      GIT_CONFIG_VALUE_0: "false",
      GIT_AUTHOR_NAME: "Test",
      GIT_AUTHOR_EMAIL: "test@example.com",
      GIT_COMMITTER_NAME: "Test",
      GIT_COMMITTER_EMAIL: "test@example.com",
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_DATE: date,
    },
    maxBuffer: 256 * 1024 * 1024,
  })
    .toString("utf8")
    .trim();
}

/** A file name that is not valid UTF-8: "caf" + 0xE9 (latin1 é) + ".txt". */
export const nonUtf8Name = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x2e, 0x74, 0x78, 0x74]);
/** Binary content with NUL bytes. */
export const binaryContent = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0xff, 0xfe, 0x00, 0x01]);

// The history is written by one `git fast-import` (about 40 git processes became three: init,
// fast-import, reset): tests make a repository each, and a git process forked from a test's
// node process costs more than the git work it does.
export function makeRepo(): TestRepo {
  const root = mkdtempSync(join(tmpdir(), "crs-repo-"));
  const path = join(root, "acme", "widgets");
  mkdirSync(path, { recursive: true });
  const git = (args: string[], input?: string | Buffer) => run(path, args, input);
  git(["init", "-q", "-b", "main"]);

  const readme = "# widgets\n\nA test repository.\n";
  const app = "def main():\n    print('hello')\n\n\nif __name__ == '__main__':\n    main()\n";
  const util = "export function add(a, b) {\n  return a + b;\n}\n\nexport function sub(a, b) {\n  return a - b;\n}\n";
  const app2 = "def main():\n    print('hello')\n    print('world')\n\n\nif __name__ == '__main__':\n    main()\n";
  const utils = `${util}\nexport const one = 1;\n`;
  const readme2 = "# widgets\n\nA test repository, edited.\n";
  const nonUtf8Path = `"${[...nonUtf8Name].map((b) => (b < 0x80 ? String.fromCharCode(b) : `\\${b.toString(8)}`)).join("")}"`;

  const parts: Buffer[] = [];
  const text = (t: string) => parts.push(Buffer.from(t));
  const data = (content: string | Buffer) => {
    const bytes = Buffer.from(content);
    text(`data ${bytes.length}\n`);
    parts.push(bytes);
    text("\n");
  };
  const file = (mode: string, at: string, content: string | Buffer) => {
    text(`M ${mode} inline ${at}\n`);
    data(content);
  };
  const commit = (ref: string, mark: number, message: string, from: number | undefined, changes: () => void, merge?: number) => {
    const when = `${clock++} +0000`;
    text(`commit ${ref}\nmark :${mark}\nauthor Test <test@example.com> ${when}\ncommitter Test <test@example.com> ${when}\n`);
    data(`${message}\n`);
    if (from) text(`from :${from}\n`);
    if (merge) text(`merge :${merge}\n`);
    changes();
  };
  // Marks: 1 initial, 2 feature1, 3 featureHead, 4 mainBeforeMerge, 5 merge, 6 pr2, 7 mr3.
  commit("refs/heads/main", 1, "initial", undefined, () => {
    file("100644", "README.md", readme);
    file("100644", "src/app.py", app);
    file("100644", "src/util.js", util);
    file("100644", "assets/logo.png", binaryContent);
    file("100644", nonUtf8Path, "bonjour\n");
    file("120000", "link-inside", "src/app.py");
    file("120000", "link-outside", "../../../etc/passwd");
    text(`M 160000 ${"a".repeat(40)} vendor/sub\n`);
  });
  text(`reset refs/tags/v1.0\nfrom :1\n\n`);
  text(`tag v1.1\nfrom :1\ntagger Test <test@example.com> ${clock++} +0000\n`);
  data("annotated\n");
  text(`reset refs/heads/release/1.x\nfrom :1\n\nreset refs/heads/fix@home\nfrom :1\n\n`);
  commit("refs/heads/feature", 2, "feature 1", 1, () => file("100644", "src/app.py", app2));
  commit("refs/heads/feature", 3, "rename util", 2, () => {
    text("D src/util.js\n");
    file("100644", "src/utils.js", utils);
  });
  commit("refs/heads/main", 4, "readme", 1, () => file("100644", "README.md", readme2));
  commit(
    "refs/heads/main",
    5,
    "merge feature",
    4,
    () => {
      file("100644", "src/app.py", app2);
      text("D src/util.js\n");
      file("100644", "src/utils.js", utils);
    },
    3,
  );
  commit("refs/pull/2/head", 6, "pr 2", 1, () => {});
  commit("refs/merge-requests/3/head", 7, "mr 3", 4, () => {});
  // PR 1's head, and refs a mirror must not fetch.
  for (const [ref, mark] of [
    ["refs/pull/1/head", 3],
    ["refs/pull/1/merge", 5],
    ["refs/notes/commits", 5],
  ] as const)
    text(`reset ${ref}\nfrom :${mark}\n\n`);
  text("get-mark :1\nget-mark :2\nget-mark :3\nget-mark :4\nget-mark :5\nget-mark :6\nget-mark :7\n");
  const [initial, feature1, featureHead, mainBeforeMerge, merge, pr2, mr3] = git(
    ["fast-import", "--quiet", "--done"],
    Buffer.concat([...parts, Buffer.from("done\n")]),
  ).split("\n") as [string, string, string, string, string, string, string];
  git(["reset", "-q", "--hard"]);
  mkdirSync(join(path, "vendor", "sub"), { recursive: true });

  const commitFiles = (files: Record<string, string | Buffer | null>, opts: { branch?: string; message?: string } = {}) => {
    if (opts.branch) {
      const exists = git(["branch", "--list", opts.branch]).length > 0;
      git(["checkout", "-q", ...(exists ? [] : ["-b"]), opts.branch]);
    }
    const removed = Object.keys(files).filter((rel) => files[rel] === null);
    const written = Object.keys(files).filter((rel) => files[rel] !== null);
    for (const rel of written) {
      mkdirSync(dirname(join(path, rel)), { recursive: true });
      writeFileSync(join(path, rel), files[rel]!);
    }
    if (removed.length) git(["rm", "-q", "--", ...removed]);
    if (written.length) git(["add", "--", ...written]);
    git(["commit", "-q", "--allow-empty", "-m", opts.message ?? "change"]);
    return git(["rev-parse", "HEAD"]);
  };

  return {
    path,
    url: pathToFileURL(path).href,
    shas: { initial, mainBeforeMerge, feature1, featureHead, merge, pr2, mr3 },
    git,
    commit: commitFiles,
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}
