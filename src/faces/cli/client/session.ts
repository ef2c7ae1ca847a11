// What every client command works with: where to send requests, with which token, and where to
// write. Tests build one over the in-process server with their own env, stdin and output.
import { createInterface } from "node:readline/promises";
import { api, type Call } from "./api.ts";
import { clientOperation, type ClientOperation } from "./catalog.ts";
import { currentToken } from "./oauth.ts";
import { stdioOut, type Out } from "../../../kernel/ui/output.ts";
import { callOf } from "./request.ts";
import { target } from "./credentials.ts";

export interface Session {
  env: NodeJS.ProcessEnv;
  out: Out;
  /** Reads all of standard input (a token, a note). */
  readStdin(): Promise<string>;
  /** Asks a yes/no question on the terminal; false when there is none. */
  confirm(question: string): Promise<boolean>;
  /** Standard input is a terminal (someone can answer a question). */
  interactive: boolean;
  sleep(ms: number): Promise<void>;
}

export function stdioSession(): Session {
  return {
    env: process.env,
    out: stdioOut(),
    interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY),
    async readStdin() {
      const chunks: Buffer[] = [];
      for await (const c of process.stdin) chunks.push(c as Buffer);
      return Buffer.concat(chunks).toString("utf8");
    },
    async confirm(question) {
      if (!process.stdin.isTTY) return false;
      const rl = createInterface({ input: process.stdin, output: process.stderr });
      try {
        return /^y(es)?$/i.test((await rl.question(`${question} [y/N] `)).trim());
      } finally {
        rl.close();
      }
    },
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
  };
}

export { clientOperation };

/** A raw REST call with the session's URL and token (refreshed first when an OAuth login expires). */
export async function send(s: Session, call: Call) {
  return api(target(s.env).url, await currentToken(s.env), call);
}

/** Calls an operation of the table over REST and returns the response body. */
export async function callOperation(s: Session, op: ClientOperation | string, input: Record<string, unknown>): Promise<any> {
  const o = typeof op === "string" ? clientOperation(op) : op;
  return (await send(s, callOf(o, input))).body;
}
