// `crs admin`: operator commands against the same store as the server. Each capability's manifest
// names its subcommands (adminCommands).
import { Command } from "commander";
import { type AdminHooks, describeFailure, stdio, type AdminIo } from "../../kernel/admin.ts";
import { capabilities } from "../../server/capabilities.ts";

export async function adminCommand(argv: string[], io: AdminIo = stdio): Promise<number> {
  const admin = new Command("admin")
    .description("Operator commands (uses CRS_DATA_DIR / DATABASE_URL like the server)")
    .option("--json", "print JSON")
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) });
  // Subcommands inherit exitOverride and the output configuration from `admin` (commander copies them).
  const hooks: AdminHooks = {};
  for (const area of capabilities.flatMap((c) => c.adminCommands ?? [])) area(admin, io, hooks);
  try {
    await admin.parseAsync(argv, { from: "user" });
    return 0;
  } catch (err) {
    const e = err as { code?: string; exitCode?: number };
    if (typeof e.code === "string" && e.code.startsWith("commander.")) {
      return e.code === "commander.helpDisplayed" || e.code === "commander.help" || e.code === "commander.version" ? 0 : 2;
    }
    const { code, message } = describeFailure(err);
    io.err(`error: ${message}`);
    return code;
  }
}
