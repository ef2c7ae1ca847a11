// `crs admin`: operator commands against the same store as the server. Each area registers its
// own subcommands; later capabilities add theirs to this list.
import { Command } from "commander";
import { describeFailure, stdio, type AdminIo } from "../../kernel/admin.ts";
import { registerCredits } from "../../capabilities/runs/admin.ts";
import { registerFindings } from "../../capabilities/findings/admin.ts";
import { registerFocuses } from "../../capabilities/focuses/admin.ts";
import { registerIdentity } from "../../capabilities/identity/admin.ts";
import { registerRepos } from "../../capabilities/repositories/admin.ts";

const areas: Array<(admin: Command, io: AdminIo) => void> = [registerIdentity, registerRepos, registerFocuses, registerCredits, registerFindings];

export async function adminCommand(argv: string[], io: AdminIo = stdio): Promise<number> {
  const admin = new Command("admin")
    .description("Operator commands (uses CRS_DATA_DIR / DATABASE_URL like the server)")
    .option("--json", "print JSON")
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) });
  // Subcommands inherit exitOverride and the output configuration from `admin` (commander copies them).
  for (const area of areas) area(admin, io);
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
