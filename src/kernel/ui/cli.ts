// What a capability declares for the `crs` client (its cli.ts): commands, each mapped onto one
// operation of the table (gh-style grouping), and how their answers read. Flags, help and validation
// come from the operation's input schema through the generated catalog; a spec adds only what a
// schema cannot say. Loaded by the client at start-up, so it imports commander and kernel/ui only.
import type { Option } from "commander";
import { styled, type Out } from "./output.ts";
import { terminalBody } from "./terminal.ts";

/** A wrong command line: the client says so and exits 2. */
export class UsageError extends Error {}

export type View = (o: Out, body: any) => void;

export interface Positional {
  /** Shown in usage, e.g. OWNER/REPO or FINDING... */
  name: string;
  /** The input field it fills; "repo" fills {owner}/{repo} path parameters. */
  field: string;
  optional?: boolean;
  variadic?: boolean;
}

export interface CommandSpec {
  name: [string, string] | [string];
  op: string;
  /** Help line (default: the operation's summary). */
  summary?: string;
  args?: Positional[];
  /** Input fields not offered as flags (set by the command itself). */
  skip?: string[];
  /** Extra options the schema does not have, turned into input by `prepare`. */
  options?: () => Option[];
  /** Last word on the input (and the operation) before the call. */
  prepare?: (input: Record<string, unknown>, opts: Record<string, unknown>) => { op?: string; input: Record<string, unknown> };
  /** Paginated: the answer's `items` are rows with these columns. */
  columns?: string[];
  view?: View;
  /** The object's page in the web app, from the answer: offers --web. */
  web?: (body: any) => string | null;
  /** The client writes this command's body itself (e.g. `runs start`); the spec gives its arguments and flags. */
  handwritten?: true;
}

/** A bold heading on a terminal; nothing in a pipe. */
export function section(o: Out, title: string): void {
  if (o.tty) o.write(`\n${styled(o, "bold", title)}`);
}

/** A block of text from the server, with terminal escapes neutralised. */
export const text = (o: Out, s: string | null | undefined) => {
  if (s) o.write(terminalBody(o.tty ? `\n${s.trimEnd()}` : s.trimEnd()));
};
