import assert from "node:assert/strict";
import { test } from "node:test";
import type { FileChange } from "../../platform/codehost/index.ts";
import { byBasePath, mapLine, mapLocation } from "./line-map.ts";

const change = (over: Partial<FileChange>): FileChange => ({
  status: "modified",
  path: "a.py",
  pathBytes: Buffer.from("a.py"),
  utf8: true,
  oldPath: null,
  oldPathBytes: null,
  similarity: null,
  oldMode: "100644",
  newMode: "100644",
  oldOid: "",
  newOid: "",
  binary: false,
  added: [],
  removed: [],
  ...over,
});

test("unchanged lines move by the lines added and removed before them; removed lines map to nothing", () => {
  // Base lines 3-4 replaced by three lines (3-5), line 8 deleted, two lines added after base line 10.
  const c = change({
    removed: [
      { start: 3, end: 4, after: 2 },
      { start: 8, end: 8, after: 8 },
    ],
    added: [
      { start: 3, end: 5 },
      { start: 11, end: 12 },
    ],
  });
  assert.deepEqual(
    [1, 2, 3, 4, 5, 7, 8, 9, 10, 11].map((l) => mapLine(c, l)),
    [1, 2, null, null, 6, 8, null, 9, 10, 13],
  );
});

test("a location survives where any of its lines does, at its new path after a rename; a deleted file removes it", () => {
  const renamed = change({ status: "renamed", path: "b.py", oldPath: "a.py", removed: [{ start: 2, end: 2, after: 1 }], added: [{ start: 2, end: 3 }] });
  const changes = byBasePath([renamed, change({ status: "deleted", path: "gone.py" })]);
  assert.deepEqual(mapLocation(changes, { path: "a.py", startLine: 1, endLine: 2 }), { path: "b.py", startLine: 1, endLine: 1 });
  assert.equal(mapLocation(changes, { path: "a.py", startLine: 2, endLine: 2 }), null);
  assert.equal(mapLocation(changes, { path: "gone.py", startLine: 1, endLine: 1 }), null);
  assert.deepEqual(mapLocation(changes, { path: "other.py", startLine: 4, endLine: 5 }), { path: "other.py", startLine: 4, endLine: 5 });
});
