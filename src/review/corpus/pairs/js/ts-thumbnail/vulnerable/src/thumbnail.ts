import { exec } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(exec);

export async function thumbnail(input: string, output: string, width: number): Promise<void> {
  await run(`convert ${input} -resize ${width} ${output}`); // vuln: command-injection
}
