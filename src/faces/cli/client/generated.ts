// Commands generated from the operation table through the capabilities' specs (commands.generated.ts): positionals,
// flags from the input schema, --json, and --limit/--all on paginated lists.
import { type Command, Option } from "commander";
import type { ClientOperation } from "./catalog.ts";
import type { CommandSpec, View } from "../../../kernel/ui/cli.ts";
import { commandSpecs } from "./commands.generated.ts";
import { record, table } from "../../../kernel/ui/output.ts";
import { ClientError } from "./api.ts";
import { addJsonOptions, wantsJson, writeJson } from "./json-out.ts";
import { repoPathOf } from "./request.ts";
import { flagsOf, inputOf, toOption, UsageError } from "./schema-flags.ts";
import { callOperation, clientOperation, type Session } from "./session.ts";

const repoPattern = /^([A-Za-z0-9._-]+\/[A-Za-z0-9._-]+|\d+)$/;

function positionalFields(spec: CommandSpec): string[] {
  return (spec.args ?? []).flatMap((a) => (a.field === "repo" ? ["owner", "repo"] : [a.field]));
}

/** The positional values into input fields (OWNER/REPO into the {owner}/{repo} pair). */
export function applyPositionals(spec: CommandSpec, values: unknown[], input: Record<string, unknown>): void {
  (spec.args ?? []).forEach((a, i) => {
    const v = values[i];
    if (v === undefined) return;
    if (a.field === "repo" || a.name === "OWNER/REPO") {
      if (!repoPattern.test(String(v))) throw new UsageError(`${a.name} must be owner/name or a repository id, got "${v}"`);
    }
    if (a.field === "repo") Object.assign(input, repoPathOf(String(v)));
    else input[a.field] = v;
  });
}

/** Adds a spec's arguments and options (schema flags, extras, --json, --jq) to a command. */
export function describeCommand(cmd: Command, spec: CommandSpec, op: ClientOperation, skip: string[] = []): ReturnType<typeof flagsOf> {
  for (const a of spec.args ?? []) cmd.argument(a.variadic ? `<${a.name.replace("...", "")}...>` : a.optional ? `[${a.name}]` : `<${a.name}>`);
  const flags = flagsOf(op, [...positionalFields(spec), ...(spec.skip ?? []), ...skip]);
  for (const f of flags) cmd.addOption(toOption(f));
  for (const o of spec.options?.() ?? []) cmd.addOption(o);
  addJsonOptions(cmd);
  return flags;
}

async function listAll(s: Session, op: ClientOperation, input: Record<string, unknown>, all: boolean): Promise<any> {
  let body = await callOperation(s, op, input);
  if (!all) return body;
  const items = [...body.items];
  while (body.nextCursor) {
    body = await callOperation(s, op, { ...input, cursor: body.nextCursor });
    items.push(...body.items);
  }
  return { ...body, items, nextCursor: null };
}

/** The command group `name` (runs, findings, ...), created on first use. */
export function group(program: Command, name: string): Command {
  return program.commands.find((c) => c.name() === name) ?? program.command(name).description(`${name} commands`).helpCommand(false);
}

/** The spec a capability gives for an operation's command (the client's own commands build on it). */
export function specOf(op: string): CommandSpec {
  const spec = commandSpecs.find((c) => c.op === op);
  if (!spec) throw new Error(`no command spec for ${op}`);
  return spec;
}

/** How an operation's answer reads (its command's view). */
export function viewOf(op: string): View {
  const view = specOf(op).view;
  if (!view) throw new Error(`no view for ${op}`);
  return view;
}

/** The alternate format a flag asks for (--sarif, --csv): one at most, not with --json, --all or --web. */
function formatOf(formats: Array<[string, unknown]>, target: ClientOperation, opts: Record<string, unknown>): string | undefined {
  const asked = formats.map(([name]) => name).filter((name) => opts[name]);
  if (!asked.length) return undefined;
  const flags = asked.map((n) => `--${n}`);
  if (asked.length > 1) throw new UsageError(`give one of ${flags.join(", ")}`);
  const clash = ["json", "jq", "all", "web", "cursor"].find((o) => opts[o] !== undefined && opts[o] !== false);
  if (clash) throw new UsageError(`${flags[0]} prints the whole export; it does not go with --${clash}`);
  if (!target.formats?.[asked[0]!]) throw new UsageError(`${flags[0]} is not available here`);
  return asked[0];
}

export function addGenerated(program: Command, s: Session, specs: readonly CommandSpec[], browser: { openUrl(url: string): Promise<void> }): void {
  for (const spec of specs) {
    if (spec.handwritten) continue;
    const op = clientOperation(spec.op);
    const parent = spec.name.length === 2 ? group(program, spec.name[0]) : program;
    const cmd = parent.command(spec.name[spec.name.length - 1]!).description(spec.summary ?? `${op.summary}. ${op.description}`);
    const flags = describeCommand(cmd, spec, op);
    if (spec.columns) cmd.addOption(new Option("--all", "Follow nextCursor and show every page."));
    if (spec.web) cmd.addOption(new Option("-w, --web", "Open its page in the web app instead of printing it."));
    const formats = Object.entries(op.formats ?? {});
    for (const [name, f] of formats) cmd.addOption(new Option(`--${name}`, `Print ${f.description} (as the API sends it with format=${name}).`));
    cmd.action(async (...args: unknown[]) => {
      const c = args[args.length - 1] as Command;
      const opts = c.opts();
      const input = inputOf(flags, opts);
      applyPositionals(spec, c.processedArgs, input);
      const prepared = spec.prepare ? spec.prepare(input, opts) : { input };
      const target = prepared.op ? clientOperation(prepared.op) : op;
      const format = formatOf(formats, target, opts);
      if (format) {
        const answer = await callOperation(s, target, { ...prepared.input, format });
        s.out.write(typeof answer === "string" ? answer : JSON.stringify(answer, null, 2));
        return;
      }
      const body = spec.columns ? await listAll(s, target, prepared.input, Boolean(opts.all)) : await callOperation(s, target, prepared.input);
      if (opts.web) {
        const url = spec.web!(body);
        if (!url) throw new ClientError("It has no page to open (a repository with a local remote has none).", { exitCode: 1, code: "no_page" });
        s.out.err(`Opening ${url} in your browser.`);
        await browser.openUrl(url).catch(() => undefined);
        return;
      }
      if (wantsJson(opts)) {
        await writeJson(s.out, body, opts);
        return;
      }
      if (spec.view) spec.view(s.out, body);
      else if (spec.columns) table(s.out, body.items, spec.columns);
      else record(s.out, body);
      if (spec.columns && body.nextCursor && s.out.tty) s.out.err(`more: --all, or --cursor ${body.nextCursor}`);
    });
  }
}
