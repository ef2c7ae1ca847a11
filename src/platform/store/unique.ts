// Recognises a unique-constraint violation on either engine (by error code, never message text).
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const x = e as { code?: unknown; errcode?: unknown; cause?: unknown };
    if (x.code === "23505") return true; // PostgreSQL unique_violation
    if (x.code === "ERR_SQLITE_ERROR" && (x.errcode === 2067 || x.errcode === 1555)) return true; // SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY
    e = x.cause;
  }
  return false;
}
