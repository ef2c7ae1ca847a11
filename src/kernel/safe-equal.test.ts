import assert from "node:assert/strict";
import { test } from "node:test";
import { safeEqual } from "./safe-equal.ts";

test("the same bytes compare equal, as strings, buffers or one of each", () => {
  assert.equal(safeEqual("sha256=abc123", "sha256=abc123"), true);
  assert.equal(safeEqual(Buffer.from([0, 255, 7]), Buffer.from([0, 255, 7])), true);
  assert.equal(safeEqual("héllo", Buffer.from("héllo", "utf8")), true);
});

test("values that differ only in their last byte are not equal", () => {
  assert.equal(safeEqual("svcp_0123456789abcdef", "svcp_0123456789abcdeg"), false);
  assert.equal(safeEqual(Buffer.from([1, 2, 3, 4]), Buffer.from([1, 2, 3, 5])), false);
});

test("values of different lengths are not equal and do not throw, even when one is a prefix of the other", () => {
  assert.equal(safeEqual("secret", "secret-and-more"), false);
  assert.equal(safeEqual("secret-and-more", "secret"), false);
  assert.equal(safeEqual(Buffer.alloc(32), Buffer.alloc(33)), false);
});

test("an empty value equals only an empty value", () => {
  assert.equal(safeEqual("", ""), true);
  assert.equal(safeEqual("", Buffer.alloc(0)), true);
  assert.equal(safeEqual("", "a"), false);
  assert.equal(safeEqual(Buffer.alloc(1), ""), false);
});
