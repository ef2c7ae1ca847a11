// Terminal output helpers: relative times in words, and colour that does not upset alignment.
import assert from "node:assert/strict";
import { test } from "node:test";
import { stripVTControlCharacters } from "node:util";
import { relative, table, type Out } from "./output.ts";

function terminal(color: boolean): Out & { lines: string[] } {
  const lines: string[] = [];
  return { tty: true, color, lines, write: (s) => void lines.push(s), err: (s) => void lines.push(s), now: () => Date.parse("2026-01-10T12:00:00Z") };
}

test("relative times read as words, past and future, singular and plural", () => {
  const now = Date.parse("2026-01-10T12:00:00Z");
  assert.equal(relative("2026-01-10T11:59:58Z", now), "just now");
  assert.equal(relative("2026-01-10T11:59:00Z", now), "1 minute ago");
  assert.equal(relative("2026-01-10T09:30:00Z", now), "2 hours ago");
  assert.equal(relative("2026-01-13T12:00:00Z", now), "in 3 days");
  assert.equal(relative("not a time", now), "not a time");
});

test("coloured cells line up like plain ones, and only the colour differs", () => {
  const rows = [
    { key: "F-1", severity: "critical", status: "open" },
    { key: "F-22", severity: "low", status: "fixed" },
  ];
  const plain = terminal(false);
  const coloured = terminal(true);
  table(plain, rows, ["key", "severity", "status"]);
  table(coloured, rows, ["key", "severity", "status"]);
  assert.ok(
    coloured.lines.some((l) => l !== stripVTControlCharacters(l)),
    "colour is used",
  );
  assert.deepEqual(coloured.lines.map(stripVTControlCharacters), plain.lines);
});
