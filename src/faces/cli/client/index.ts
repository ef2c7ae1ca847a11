// The `crs` client: every operation as a command, login, `crs api`. Exit codes: 0 ok, 1 error,
// 2 usage, 4 authentication needed; errors print the spec's code, message and request id.
import { terminalText } from "../../../kernel/ui/terminal.ts";
import { Command, Argument } from "commander";
import { ClientError } from "./api.ts";
import { addApiCommand } from "./api-command.ts";
import { addAuthCommands, type AuthHooks } from "./auth.ts";
import { commandSpecs } from "./commands.generated.ts";
import { addDocumentCommands } from "./documents.ts";
import { addGenerated } from "./generated.ts";
import { addRunCommands } from "./runs.ts";
import { UsageError } from "./schema-flags.ts";
import { stdioSession, type Session } from "./session.ts";

/** Opens a URL in the desktop's browser (the `open` package: macOS, Windows, WSL, Linux desktops); failures are fine, the URL was printed. */
export const openInBrowser: AuthHooks = {
  async openUrl(url) {
    // Loaded when needed: every other command would pay for the import.
    const { default: open } = await import("open");
    const child = await open(url);
    child.on("error", () => undefined);
  },
};

export function clientProgram(s: Session, hooks: AuthHooks, setExit: (code: number) => void): Command {
  const program = new Command("crs")
    .description("The crs command line: review and triage with a crs server")
    .exitOverride()
    .configureOutput({ writeOut: (x) => s.out.write(x.trimEnd()), writeErr: (x) => s.out.err(x.trimEnd()) })
    .helpCommand(false);
  addAuthCommands(program, s, hooks, setExit);
  addGenerated(program, s, commandSpecs, hooks);
  addRunCommands(program, s, setExit);
  addDocumentCommands(program, s);
  addApiCommand(program, s, setExit);
  program
    .command("completion")
    .description("Print a shell completion script: bash, zsh or fish")
    .addArgument(new Argument("<SHELL>", "bash, zsh or fish").choices(["bash", "zsh", "fish"]))
    // The script writer is loaded only for this command.
    .action(async (shell: "bash" | "zsh" | "fish") => s.out.write((await import("./completion.ts")).completionScript(program, shell)));
  return program;
}

export async function clientCommand(argv: string[], s: Session = stdioSession(), hooks: AuthHooks = openInBrowser): Promise<number> {
  let code = 0;
  const program = clientProgram(s, hooks, (c) => (code = c));
  try {
    await program.parseAsync(argv, { from: "user" });
    return code;
  } catch (err) {
    const e = err as { code?: string };
    if (typeof e.code === "string" && e.code.startsWith("commander.")) {
      return e.code === "commander.helpDisplayed" || e.code === "commander.help" || e.code === "commander.version" ? 0 : 2;
    }
    if (err instanceof UsageError) {
      s.out.err(`crs: ${err.message}`);
      return 2;
    }
    if (err instanceof ClientError) {
      s.out.err(`error: ${terminalText(err.message)}${err.requestId ? ` (request ${err.requestId})` : ""}`);
      return err.exitCode;
    }
    s.out.err(`error: ${(err as Error).message}`);
    return 1;
  }
}
