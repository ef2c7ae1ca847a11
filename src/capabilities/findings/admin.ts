// crs admin finding accept-risk|revoke-decision: an admin's decisions on a finding.
import type { Command } from "commander";
import * as accounts from "../identity/index.ts";
import { setDecision } from "./triage.ts";
import { invalidField } from "../../kernel/errors.ts";
import { withStore, type AdminIo } from "../../kernel/admin.ts";
import { bodyTextMessage, isBody } from "../../kernel/text.ts";

const untilRe = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * A calendar date (2027-01-31, midnight UTC) or an ISO time with its offset. Every part must exist:
 * Date.parse would roll 2027-02-30 over to March 2.
 */
function untilOf(value: string): string {
  const m = untilRe.exec(value);
  const [y, mo, d, h = "0", mi = "0", s = "0"] = m ? m.slice(1) : [];
  const day = m ? new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d))) : undefined;
  const real =
    day !== undefined &&
    day.getUTCFullYear() === Number(y) &&
    day.getUTCMonth() === Number(mo) - 1 &&
    day.getUTCDate() === Number(d) &&
    Number(h) <= 23 &&
    Number(mi) <= 59 &&
    Number(s) <= 59;
  if (!real) throw invalidField("until", "--until is a date that exists (2027-01-31) or an ISO time (2027-01-31T18:00:00Z).");
  return new Date(Date.parse(m![4] === undefined ? `${value}T00:00:00Z` : value)).toISOString();
}

/** The admin recording the decision: an admin of the workspace, not just any user. */
async function deciderOf(store: Parameters<typeof accounts.findUser>[0], workspaceId: number, ref: string): Promise<number> {
  const user = await accounts.findUser(store, ref);
  if ((await accounts.memberRole(store, workspaceId, user.id)) !== "admin")
    throw invalidField("by", `--by names ${user.username}, who is not an admin of this workspace.`);
  return user.id;
}

export function registerFindings(admin: Command, io: AdminIo): void {
  const finding = admin.command("finding").description("Decisions on findings");
  finding
    .command("accept-risk <workspace> <finding>")
    .description("Accept a finding's risk until a date: it reads wont-fix and refuses open/investigating " + "until then")
    .requiredOption("--until <date>", "when the acceptance ends (e.g. 2027-01-31)")
    .requiredOption("--reason <reason>", "why the risk is accepted")
    .option("--by <user>", "the admin deciding (username, email or id)")
    .action(async (ws: string, ref: string, o: { until: string; reason: string; by?: string }, cmd: Command) =>
      withStore(
        cmd,
        io,
        async (s) => {
          const w = await accounts.findWorkspace(s, ws);
          const by = o.by ? await deciderOf(s, w.id, o.by) : null;
          if (o.reason.trim().length === 0 || o.reason.length > 5000) throw invalidField("reason", "--reason is 1 to 5000 characters.");
          if (!isBody(o.reason)) throw invalidField("reason", `--reason: ${bodyTextMessage}.`);
          return {
            workspace: w.slug,
            ...(await setDecision(s, w.id, ref, { kind: "risk-accepted", until: untilOf(o.until), reason: o.reason, by }, new Date())),
          };
        },
        (r) => `${r.key}: risk accepted until ${r.decision!.until}`,
      ),
    );
  finding
    .command("revoke-decision <workspace> <finding>")
    .description("Lift a finding's wont-fix or risk-accepted decision")
    .action(async (ws: string, ref: string, _o: unknown, cmd: Command) =>
      withStore(
        cmd,
        io,
        async (s) => {
          const w = await accounts.findWorkspace(s, ws);
          return { workspace: w.slug, ...(await setDecision(s, w.id, ref, null, new Date())) };
        },
        (r) => `${r.key}: decision revoked`,
      ),
    );
}
