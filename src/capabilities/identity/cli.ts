// identity's `crs` commands (gathered by npm run gen:cli): who am I, and the member directory.
import type { CommandSpec } from "../../kernel/ui/cli.ts";
import { record, type Out } from "../../kernel/ui/output.ts";

function me(o: Out, b: any): void {
  record(o, {
    user: b.user.username,
    name: b.user.name,
    email: b.user.email,
    workspace: b.organization.slug,
    role: b.organization.role,
    token: `${b.token.kind}${b.token.name ? ` ${b.token.name}` : ""}`,
    scopes: b.token.scopes.join(" "),
    balanceCents: b.credits.balanceCents,
    ...(b.credits.monthSpendCents !== undefined ? { monthSpendCents: b.credits.monthSpendCents, spendLimitCents: b.credits.spendLimitCents ?? "none" } : {}),
  });
}

export const commands: CommandSpec[] = [
  { name: ["me"], op: "get_me", view: me },
  { name: ["members", "list"], op: "list_members", columns: ["username", "name", "email", "role"] },
];
