import assert from "node:assert/strict";
import { test } from "node:test";
import { FileBudget } from "./file-budget.ts";

// The deadline the judge is given, as milliseconds from when it started (a little is lost to the clock).
const judgeWindow = (share: number): number => new FileBudget(1000, () => share).judge((deadline) => deadline - Date.now());

test("the ReDoS judge gets twice the file's budget on a thread with a whole CPU", () => {
  const ms = judgeWindow(1);
  assert.ok(ms > 1900 && ms <= 2000, String(ms));
});

test("on a thread getting a quarter of a CPU the judge's budget lasts four times as long on the wall", () => {
  const ms = judgeWindow(0.25);
  assert.ok(ms > 7900 && ms <= 8000, String(ms));
});

test("the judge's time is not the file's: a file whose rules left time still has it after a long judgment", () => {
  const budget = new FileBudget(50, () => 1);
  budget.judge(() => {
    const until = Date.now() + 80;
    while (Date.now() < until);
  });
  assert.equal(budget.spent(), false);
});
