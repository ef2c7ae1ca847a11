// crs admin finding accept-risk|revoke-decision: an admin's decisions on a finding.
import type { Command } from "commander";
import * as accounts from "../identity/index.ts";
import { setDecision } from "./triage.ts";
import { invalidField } from "../../kernel/errors.ts";
import { withStore, type AdminIo } from "../../kernel/admin.ts";

function untilOf(value: string): string {
  const t = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(t)) throw invalidField("until", "--until is a date (2027-01-31) or an ISO time.");
  return new Date(t).toISOString();
}

export function registerFindings(admin: Command, io: AdminIo): void {
  const finding = admin.command("finding").description("Decisions on findings");
  finding.command("accept-risk <workspace> <finding>").description("Accept a finding's risk until a date: it reads wont-fix and refuses open/investigating until then")
    .requiredOption("--until <date>", "when the acceptance ends (e.g. 2027-01-31)")
    .requiredOption("--reason <reason>", "why the risk is accepted")
    .option("--by <user>", "the admin deciding (username, email or id)")
    .action(async (ws: string, ref: string, o: { until: string; reason: string; by?: string }, cmd: Command) => withStore(cmd, io, async (s) => {
      const w = await accounts.findWorkspace(s, ws);
      const by = o.by ? (await accounts.findUser(s, o.by)).id : null;
      if (o.reason.trim().length === 0 || o.reason.length > 5000) throw invalidField("reason", "--reason is 1 to 5000 characters.");
      return { workspace: w.slug, ...(await setDecision(s, w.id, ref, { kind: "risk-accepted", until: untilOf(o.until), reason: o.reason, by }, new Date())) };
    }, (r) => `${r.key}: risk accepted until ${r.decision!.until}`));
  finding.command("revoke-decision <workspace> <finding>").description("Lift a finding's wont-fix or risk-accepted decision")
    .action(async (ws: string, ref: string, _o: unknown, cmd: Command) => withStore(cmd, io, async (s) => {
      const w = await accounts.findWorkspace(s, ws);
      return { workspace: w.slug, ...(await setDecision(s, w.id, ref, null, new Date())) };
    }, (r) => `${r.key}: decision revoked`));
}
