import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

export async function thumbnail(input: string, output: string, width: number): Promise<void> {
  await run("convert", [input, "-resize", String(width), output]); // safe: command-injection argument array
}
