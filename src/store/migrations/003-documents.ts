import type { Kysely } from "kysely";
import type { Engine } from "../index.ts";

// Focuses, focus revisions, upload slots and context documents.
export function documents(_engine: Engine) {
  return {
    async up(_db: Kysely<unknown>): Promise<void> {},
  };
}
