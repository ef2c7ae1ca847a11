// Test helper: a real git repository in a temp dir with the shapes the service must handle:
// branches, a merge, a rename, lightweight and annotated tags, PR refs (GitHub and GitLab style),
// a binary file, a non-UTF-8 file name, symlinks inside and outside the tree and a submodule.
// Serve it as `repo.url` (file://) or `repo.path` (plain path).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
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

export function makeRepo(): TestRepo {
  const root = mkdtempSync(join(tmpdir(), "crs-repo-"));
  const path = join(root, "acme", "widgets");
  mkdirSync(path, { recursive: true });
  const git = (args: string[], input?: string | Buffer) => run(path, args, input);
  git(["init", "-q", "-b", "main"]);

  const write = (rel: string, content: string | Buffer) => {
    mkdirSync(dirname(join(path, rel)), { recursive: true });
    writeFileSync(join(path, rel), content);
  };
  const commit = (files: Record<string, string | Buffer | null>, opts: { branch?: string; message?: string } = {}) => {
    if (opts.branch) {
      const exists = git(["branch", "--list", opts.branch]).length > 0;
      git(["checkout", "-q", ...(exists ? [] : ["-b"]), opts.branch]);
    }
    for (const [rel, content] of Object.entries(files)) {
      if (content === null) git(["rm", "-q", "--", rel]);
      else {
        write(rel, content);
        git(["add", "--", rel]);
      }
    }
    git(["commit", "-q", "--allow-empty", "-m", opts.message ?? "change"]);
    return git(["rev-parse", "HEAD"]);
  };

  write("README.md", "# widgets\n\nA test repository.\n");
  write("src/app.py", "def main():\n    print('hello')\n\n\nif __name__ == '__main__':\n    main()\n");
  write("src/util.js", "export function add(a, b) {\n  return a + b;\n}\n\nexport function sub(a, b) {\n  return a - b;\n}\n");
  write("assets/logo.png", binaryContent);
  writeFileSync(Buffer.concat([Buffer.from(path + "/"), nonUtf8Name]), "bonjour\n");
  symlinkSync("src/app.py", join(path, "link-inside"));
  symlinkSync("../../../etc/passwd", join(path, "link-outside"));
  mkdirSync(join(path, "vendor", "sub"), { recursive: true });
  git(["add", "-A"]);
  git(["update-index", "--add", "--cacheinfo", `160000,${"a".repeat(40)},vendor/sub`]);
  git(["commit", "-q", "-m", "initial"]);
  const initial = git(["rev-parse", "HEAD"]);
  git(["tag", "v1.0"]);
  git(["tag", "-a", "v1.1", "-m", "annotated"]);
  git(["branch", "release/1.x"]);
  git(["branch", "fix@home"]);

  const feature1 = commit(
    { "src/app.py": "def main():\n    print('hello')\n    print('world')\n\n\nif __name__ == '__main__':\n    main()\n" },
    { branch: "feature", message: "feature 1" },
  );
  git(["mv", "src/util.js", "src/utils.js"]);
  const featureHead = commit(
    { "src/utils.js": "export function add(a, b) {\n  return a + b;\n}\n\nexport function sub(a, b) {\n  return a - b;\n}\n\nexport " + "const one = 1;\n" },
    { message: "rename util" },
  );
  const mainBeforeMerge = commit({ "README.md": "# widgets\n\nA test repository, edited.\n" }, { branch: "main", message: "readme" });
  git(["merge", "-q", "--no-ff", "-m", "merge feature", "feature"]);
  const merge = git(["rev-parse", "HEAD"]);

  const pr2 = detachedCommit(git, initial, "pr 2");
  const mr3 = detachedCommit(git, mainBeforeMerge, "mr 3");
  git(["update-ref", "refs/pull/1/head", featureHead]);
  git(["update-ref", "refs/pull/2/head", pr2]);
  git(["update-ref", "refs/merge-requests/3/head", mr3]);
  // Refs a mirror must not fetch.
  git(["update-ref", "refs/pull/1/merge", merge]);
  git(["update-ref", "refs/notes/commits", merge]);
  git(["checkout", "-q", "main"]);

  return {
    path,
    url: pathToFileURL(path).href,
    shas: { initial, mainBeforeMerge, feature1, featureHead, merge, pr2, mr3 },
    git,
    commit,
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

function detachedCommit(git: (a: string[]) => string, parent: string, message: string): string {
  const tree = git(["rev-parse", `${parent}^{tree}`]);
  return git(["commit-tree", tree, "-p", parent, "-m", message]);
}
