// ConstMap answers as the full map it replaces (a copy of the file's constants at the function's
// start, then set, delete, clone and the === join), without listing the file's constants unasked.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ConstMap } from "./scope-constants.ts";

function joinFull(a: Map<string, unknown>, b: Map<string, unknown>): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, v] of a) if (b.has(k) && b.get(k) === v) out.set(k, v);
  return out;
}

test("a ConstMap gives the answers of a full map through random sets, deletes, clones and joins", () => {
  const names = ["a", "b", "c", "d", "e"];
  const values: unknown[] = [0, 1, "x", true, null, NaN, Infinity];
  let seed = 7;
  const rnd = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
  for (let round = 0; round < 300; round++) {
    const file = new Map<string, unknown>();
    for (const n of names) if (rnd(2)) file.set(n, values[rnd(values.length)]);
    let listed = 0;
    let cached: Map<string, unknown> | undefined;
    const pairs: [ConstMap, Map<string, unknown>][] = [[new ConstMap(() => (cached ??= (listed++, file))), new Map(file)]];
    for (let step = 0; step < 40; step++) {
      const i = rnd(pairs.length);
      const [m, full] = pairs[i]!;
      const name = names[rnd(names.length)]!;
      switch (rnd(5)) {
        case 0: {
          const v = values[rnd(values.length)];
          m.set(name, v);
          full.set(name, v);
          break;
        }
        case 1:
          m.delete(name);
          full.delete(name);
          break;
        case 2:
          pairs.push([m.clone(), new Map(full)]);
          break;
        case 3: {
          const [m2, full2] = pairs[rnd(pairs.length)]!;
          pairs.push([ConstMap.join(m, m2), joinFull(full, full2)]);
          break;
        }
        default:
          for (const n of names) {
            assert.equal(m.has(n), full.has(n), `round ${round} has ${n}`);
            assert.ok(Object.is(m.get(n), full.get(n)), `round ${round} get ${n}`);
          }
      }
    }
    assert.ok(listed <= 1);
  }
});

test("the file's constants are not listed for names the text rules out", () => {
  let listed = 0;
  const m = new ConstMap(
    () => (listed++, new Map([["DEBUG", false]])),
    (name) => name === "DEBUG",
  );
  m.set("i", 0);
  const after = ConstMap.join(
    m,
    new ConstMap(
      () => (listed++, new Map()),
      (name) => name === "DEBUG",
    ),
  );
  assert.equal(after.has("i"), false);
  assert.equal(m.has("x"), false);
  assert.equal(listed, 0);
  assert.equal(m.get("DEBUG"), false);
  assert.equal(listed, 1);
});
