// crs admin credits grant|adjust|show and crs admin spend-limit set: the operator's billing commands;
// crs admin model-review on|off|show: a workspace's switch for the model review stage of its runs.
import type { Command } from "commander";
import * as accounts from "../identity/index.ts";
import { addCredits, billingSummary, setSpendLimit } from "./ledger.ts";
import { setWorkspaceModelOff, workspaceModelOff } from "./model-plan.ts";
import { invalidField } from "../../kernel/errors.ts";
import { withStore, type AdminIo } from "../../kernel/admin.ts";

function cents(value: string, field: string): number {
  if (!/^-?\d{1,10}$/.test(value)) throw invalidField(field, `${field} is a whole number of cents, e.g. 5000 for 50.00.`);
  return Number(value);
}

const money = (c: number) => `${c < 0 ? "-" : ""}${(Math.abs(c) / 100).toFixed(2)}`;

export function registerCredits(admin: Command, io: AdminIo): void {
  const credits = admin.command("credits").description("A workspace's credits: a ledger of grants, charges and refunds");
  credits
    .command("grant <workspace> <cents>")
    .description("Add credits to a workspace")
    .option("--reason <reason>", "why (kept in the ledger)")
    .action(async (ws: string, amount: string, o: { reason?: string }, cmd: Command) =>
      withStore(
        cmd,
        io,
        async (s) => {
          const w = await accounts.findWorkspace(s, ws);
          const entry = await addCredits(s, w.id, { kind: "grant", cents: cents(amount, "cents"), reason: o.reason ?? null });
          return { workspace: w.slug, entry, balanceCents: (await billingSummary(s, w.id, new Date(), 0)).balanceCents };
        },
        (r) => `granted ${money(r.entry.amountCents)} to ${r.workspace}; balance ${money(r.balanceCents)}`,
      ),
    );
  credits
    .command("adjust <workspace> <cents>")
    .description("Correct a workspace's balance by a signed amount (e.g. -500)")
    .requiredOption("--reason <reason>", "why (kept in the ledger)")
    .action(async (ws: string, amount: string, o: { reason: string }, cmd: Command) =>
      withStore(
        cmd,
        io,
        async (s) => {
          const w = await accounts.findWorkspace(s, ws);
          const entry = await addCredits(s, w.id, { kind: "adjustment", cents: cents(amount, "cents"), reason: o.reason });
          return { workspace: w.slug, entry, balanceCents: (await billingSummary(s, w.id, new Date(), 0)).balanceCents };
        },
        (r) => `adjusted ${r.workspace} by ${money(r.entry.amountCents)}; balance ${money(r.balanceCents)}`,
      ),
    );
  credits
    .command("show <workspace>")
    .description("Balance, this month's spend, the spending limit and the last ledger entries")
    .option("--entries <n>", "how many entries to show", "20")
    .action(async (ws: string, o: { entries: string }, cmd: Command) =>
      withStore(
        cmd,
        io,
        async (s) => {
          const w = await accounts.findWorkspace(s, ws);
          const n = Number(o.entries);
          if (!Number.isInteger(n) || n < 0 || n > 1000) throw invalidField("entries", "--entries is 0 to 1000.");
          return { workspace: w.slug, ...(await billingSummary(s, w.id, new Date(), n)) };
        },
        (r) =>
          [
            `workspace ${r.workspace}`,
            `balance      ${money(r.balanceCents)}`,
            `month spend  ${money(r.monthSpendCents)}`,
            `limit        ${r.spendLimitCents === null ? "none" : money(r.spendLimitCents)}`,
            ...r.entries.map((e) => `${e.createdAt}\t${e.kind}\t${money(e.amountCents)}${e.runId ? `\trun ${e.runId}` : ""}${e.note ? `\t${e.note}` : ""}`),
          ].join("\n"),
      ),
    );
  const limit = admin.command("spend-limit").description("A workspace's monthly spending limit");
  limit
    .command("set <workspace> <cents>")
    .description("Set the monthly limit in cents, or none to remove it")
    .action(async (ws: string, value: string, _o: unknown, cmd: Command) =>
      withStore(
        cmd,
        io,
        async (s) => {
          const w = await accounts.findWorkspace(s, ws);
          const c = value === "none" ? null : cents(value, "cents");
          await setSpendLimit(s, w.id, c);
          return { workspace: w.slug, spendLimitCents: c };
        },
        (r) => `spending limit of ${r.workspace}: ${r.spendLimitCents === null ? "none" : `${money(r.spendLimitCents)} a month`}`,
      ),
    );
}

export function registerModelReview(admin: Command, io: AdminIo): void {
  const model = admin.command("model-review").description("A workspace's model review stage (on by default when the server has a model)");
  const set = (off: boolean) => async (ws: string, _o: unknown, cmd: Command) =>
    withStore(
      cmd,
      io,
      async (s) => {
        const w = await accounts.findWorkspace(s, ws);
        await setWorkspaceModelOff(s.db, w.id, off, new Date());
        return { workspace: w.slug, modelReview: off ? "off" : "on" };
      },
      (r) => `model review for ${r.workspace}: ${r.modelReview}`,
    );
  model.command("off <workspace>").description("Turn the model review stage off for the workspace's new runs").action(set(true));
  model.command("on <workspace>").description("Turn the model review stage back on for the workspace's new runs").action(set(false));
  model
    .command("show <workspace>")
    .description("Whether the workspace's runs have a model review stage")
    .action(async (ws: string, _o: unknown, cmd: Command) =>
      withStore(
        cmd,
        io,
        async (s) => {
          const w = await accounts.findWorkspace(s, ws);
          return { workspace: w.slug, modelReview: (await workspaceModelOff(s.db, w.id)) ? "off" : "on" };
        },
        (r) => `model review for ${r.workspace}: ${r.modelReview}`,
      ),
    );
}
