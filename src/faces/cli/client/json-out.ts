// --json and --jq on every command that prints an API answer (gh's habit): --json prints the
// response as the API sent it; --jq EXPR filters it through jq first (strings print raw, as jq -r).
// jq is the real one compiled to WebAssembly (jq-wasm), loaded only when --jq is given: it weighs
// more than the rest of the client together.
import { Option, type Command } from "commander";
import { ClientError } from "./api.ts";
import type { Out } from "../../../kernel/ui/output.ts";
import { UsageError } from "./schema-flags.ts";

export const jqOption = () => new Option("--jq <expression>", "Filter the JSON output with a jq expression (implies --json), e.g. '.items[].key'.");

/** Adds --json (`what` says what it prints) and --jq to a command. */
export function addJsonOptions<C extends Command>(cmd: C, what = "Print the response as JSON, as the API sent it."): C {
  cmd.addOption(new Option("--json", what)).addOption(jqOption());
  return cmd;
}

/** True when the command should print JSON (--json or --jq). */
export function wantsJson(opts: Record<string, unknown>): boolean {
  return Boolean(opts.json) || typeof opts.jq === "string";
}

export async function writeJson(o: Pick<Out, "write">, body: unknown, opts: Record<string, unknown>): Promise<void> {
  if (typeof opts.jq !== "string") {
    o.write(JSON.stringify(body, null, 2));
    return;
  }
  const jq = await import("jq-wasm");
  let text: string;
  // The compiled jq reports a failed filter by setting process.exitCode, as the jq program would;
  // the command's own exit status is decided here, so it is put back.
  const exitCode = process.exitCode;
  try {
    text = await jq.raw(JSON.stringify(body), opts.jq, ["-r"]);
  } catch (err) {
    const message = (err as Error).message.trim();
    // A filter that does not compile is the caller's mistake (exit 2); one that fails on this data is not.
    if (/compile error/.test(message)) throw new UsageError(`--jq: ${message.split("\n")[0]}`);
    throw new ClientError(`--jq: ${message.split("\n")[0]}`, { exitCode: 1, code: "jq_error" });
  } finally {
    process.exitCode = exitCode;
  }
  if (text !== "") o.write(text.replace(/\n$/, ""));
}
