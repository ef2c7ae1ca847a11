// Credits as an append-only ledger per workspace: grants and adjustments from operators, a charge
// per started run, a refund when a run is given back. The balance and the month's spend are sums
// over it, never a stored counter, so nothing can drift; a charge is written in the same
// transaction as its run (runs/start.ts).
import { isName } from "../../kernel/text.ts";
import { sql, type Kysely } from "kysely";
import { AppError, invalidField } from "../../kernel/errors.ts";
import type { Store } from "../../platform/store/index.ts";
import type { Database } from "../../platform/store/schema.ts";
import { compiledOnce } from "../../platform/store/compiled.ts";
import { setWorkspaceSpendLimit, workspaceSpendLimit } from "../identity/index.ts";

export type LedgerKind = "grant" | "charge" | "refund" | "adjustment";
type Db = Kysely<Database>;

/** Largest single grant or adjustment, and largest spending limit: 10 million dollars in cents. */
const maxAmountCents = 1_000_000_000;

// GET /me reads the balance on every request: compiled once per database handle.
const balanceQuery = compiledOnce(
  (db) => db.selectFrom("credit_ledger").select(sql<number>`coalesce(sum(amount_cents), 0)`.as("balance")).where("workspace_id", "=", 0).compile(),
  "balance query must take exactly the workspace id",
);

/** The workspace's balance in cents: the sum of its ledger (grants positive, charges negative). */
export async function balanceCents(db: Db, workspaceId: number): Promise<number> {
  const rows = await balanceQuery(db, workspaceId);
  return Number(rows[0]?.balance ?? 0);
}

/** The first instant of the calendar month (UTC) that holds `now`. */
function monthStart(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
}

/** Charges less refunds written since the start of this month (UTC), in cents. */
export async function monthSpendCents(db: Db, workspaceId: number, now: Date): Promise<number> {
  const row = await db
    .selectFrom("credit_ledger")
    .select(sql<number>`coalesce(sum(amount_cents), 0)`.as("sum"))
    .where("workspace_id", "=", workspaceId)
    .where("kind", "in", ["charge", "refund"])
    .where("created_at", ">=", monthStart(now))
    .executeTakeFirst();
  return -Number(row?.sum ?? 0);
}

export interface LedgerEntry {
  id: number;
  kind: LedgerKind;
  amountCents: number;
  note: string | null;
  runId: number | null;
  createdAt: string;
}

export interface BillingSummary {
  balanceCents: number;
  monthSpendCents: number;
  spendLimitCents: number | null;
  entries: LedgerEntry[];
}

export async function billingSummary(store: Store, workspaceId: number, now: Date, entries = 20): Promise<BillingSummary> {
  const rows = await store.db
    .selectFrom("credit_ledger")
    .select(["id", "kind", "amount_cents", "note", "run_id", "created_at"])
    .where("workspace_id", "=", workspaceId)
    .orderBy("id", "desc")
    .limit(entries)
    .execute();
  return {
    balanceCents: await balanceCents(store.db, workspaceId),
    monthSpendCents: await monthSpendCents(store.db, workspaceId, now),
    spendLimitCents: await workspaceSpendLimit(store.db, workspaceId),
    entries: rows.map((r) => ({ id: r.id, kind: r.kind, amountCents: r.amount_cents, note: r.note, runId: r.run_id, createdAt: r.created_at })),
  };
}

function checkAmount(cents: number, field: string, allowNegative: boolean): void {
  if (!Number.isSafeInteger(cents) || Math.abs(cents) > maxAmountCents || cents === 0 || (!allowNegative && cents < 0)) {
    throw invalidField(field, `The amount is a whole number of cents, ${allowNegative ? "not 0" : "above 0"}, at most ${maxAmountCents} in size.`);
  }
}

/** A grant (positive) or an adjustment (either sign) by an operator. */
export async function addCredits(
  store: Store,
  workspaceId: number,
  input: { kind: "grant" | "adjustment"; cents: number; reason?: string | null; userId?: number | null },
  now = new Date(),
): Promise<LedgerEntry> {
  checkAmount(input.cents, "cents", input.kind === "adjustment");
  const note = input.reason?.trim() || null;
  if (note && (note.length > 500 || !isName(note))) throw invalidField("reason", "The reason is at most 500 printable characters.");
  const row = await store.db
    .insertInto("credit_ledger")
    .values({
      workspace_id: workspaceId,
      amount_cents: input.cents,
      kind: input.kind,
      note,
      created_by: input.userId ?? null,
      created_at: now.toISOString(),
    })
    .returning(["id", "kind", "amount_cents", "note", "run_id", "created_at"])
    .executeTakeFirstOrThrow();
  return { id: row.id, kind: row.kind, amountCents: row.amount_cents, note: row.note, runId: row.run_id, createdAt: row.created_at };
}

/** Sets (or with null removes) the workspace's monthly spending limit. */
export async function setSpendLimit(store: Store, workspaceId: number, cents: number | null): Promise<void> {
  if (cents !== null && (!Number.isSafeInteger(cents) || cents < 0 || cents > maxAmountCents)) {
    throw invalidField("cents", `The limit is a whole number of cents from 0 to ${maxAmountCents}, or none.`);
  }
  if (!(await setWorkspaceSpendLimit(store.db, workspaceId, cents))) throw new AppError("not_found", "No such workspace.");
}

/** Writes a run's charge (negative) or refund (positive); call inside the run's transaction. */
export async function writeRunEntry(
  tx: Db,
  e: { workspaceId: number; runId: number; kind: "charge" | "refund"; cents: number; userId: number | null; note: string; at: string },
): Promise<void> {
  await tx
    .insertInto("credit_ledger")
    .values({
      workspace_id: e.workspaceId,
      amount_cents: e.kind === "charge" ? -e.cents : e.cents,
      kind: e.kind,
      note: e.note,
      run_id: e.runId,
      created_by: e.userId,
      created_at: e.at,
    })
    .execute();
}
