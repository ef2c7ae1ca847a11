import assert from "node:assert/strict";
import { test } from "node:test";
import { csvCell } from "./csv.ts";

test("cells with commas, quotes or line breaks are quoted, quotes doubled (RFC 4180)", () => {
  assert.equal(csvCell("plain"), "plain");
  assert.equal(csvCell("a, b"), '"a, b"');
  assert.equal(csvCell('say "hi"'), '"say ""hi"""');
  assert.equal(csvCell("two\nlines"), '"two\nlines"');
  assert.equal(csvCell("cr\r\nlf"), '"cr\r\nlf"');
});

test("cells a spreadsheet would run as a formula get a leading apostrophe, then quoting as needed", () => {
  for (const c of ["=1+1", "+SUM(A1)", "-2", "@cmd", "\tTAB", "\rCR"]) assert.equal(csvCell(c).replace(/^"|"$/g, "").startsWith("'"), true, c);
  assert.equal(csvCell('=HYPERLINK("http://x","y")'), `"'=HYPERLINK(""http://x"",""y"")"`);
  assert.equal(csvCell("a=b"), "a=b");
  assert.equal(csvCell("src/-x.py"), "src/-x.py");
});
