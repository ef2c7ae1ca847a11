// `crs admin`: operator commands against the same store as the server. Each capability declares its
// subcommands in a light admin area (server/admin-areas.ts); the area a command belongs to is loaded
// to run it, and every other area only names its subcommands, for help and usage errors.
import { Command } from "commander";
import { type AdminHooks, describeFailure, stdio, type AdminIo } from "../../kernel/admin.ts";
import { adminAreas } from "../../server/admin-areas.ts";

export async function adminCommand(argv: string[], io: AdminIo = stdio): Promise<number> {
  const admin = new Command("admin")
    .description("Operator commands (uses CRS_DATA_DIR / DATABASE_URL like the server)")
    .option("--json", "print JSON")
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) });
  // `admin` has no option that takes a value, so its first word is the subcommand (or `help <subcommand>`).
  const words = argv.filter((a) => !a.startsWith("-"));
  const named = words[0] === "help" ? words[1] : words[0];
  const hooks: AdminHooks = Object.assign({}, ...adminAreas.map((a) => a.hooks ?? {}));
  // Subcommands inherit exitOverride and the output configuration from `admin` (commander copies them).
  for (const area of adminAreas) {
    if (named !== undefined && (Object.hasOwn(area.commands, named) || area.extends?.includes(named))) (await area.register())(admin, io, hooks);
    else for (const [name, help] of Object.entries(area.commands)) admin.command(name).description(help);
  }
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
