// npm run bench:cli — how long the `crs` client takes to start, against bare `node -e 0` in the same
// run (the machine's speed cancels out of the ratio). A gh-like client must answer at once:
//  - crs --help, crs runs list --help: start, build the commands, print;
//  - crs me: everything but the network (the server URL refuses the connection at once).
// Goal: <= 0.25 s where bare node starts in 0.08 s, i.e. a ratio of at most 3.1 to bare node.
// Usage: node scripts/bench-cli.ts [runs per command, default 15]
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

const runs = Number(process.argv[2] ?? 15);
const crs = fileURLToPath(new URL("../bin/crs.js", import.meta.url));
const goalRatio = 3.1;

/** A local port that refuses connections: bound, then closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const port = await closedPort();
const env = { ...process.env, CRS_URL: `http://127.0.0.1:${port}`, CRS_TOKEN: `svcp_${"A".repeat(36)}`, CRS_KEYRING: "off" };

const cases: { label: string; args: string[] }[] = [
  { label: "node -e 0", args: ["-e", "0"] },
  { label: "crs --help", args: [crs, "--help"] },
  { label: "crs runs list --help", args: [crs, "runs", "list", "--help"] },
  { label: "crs me (no network)", args: [crs, "me"] },
];

function time(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { env, stdio: "ignore" });
    child.on("error", reject);
    child.on("exit", () => resolve(Number(process.hrtime.bigint() - start) / 1e6));
  });
}

const samples = new Map<string, number[]>(cases.map((c) => [c.label, []]));
// Interleaved, so a noisy moment on a shared machine spreads over every case alike.
for (let i = 0; i < runs + 1; i++) {
  for (const c of cases) {
    const ms = await time(c.args);
    if (i > 0) samples.get(c.label)!.push(ms); // the first round warms the file cache
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const base = median(samples.get("node -e 0")!);
let ok = true;
const baseMin = Math.min(...samples.get("node -e 0")!);
console.log(`${runs} runs each, wall time: median (ratio to node's median), fastest (ratio to node's fastest)`);
for (const c of cases) {
  const xs = samples.get(c.label)!;
  const m = median(xs);
  const min = Math.min(...xs);
  const ratio = m / base;
  const checked = c.label !== "node -e 0";
  if (checked && ratio > goalRatio) ok = false;
  const verdict = checked ? (ratio > goalRatio ? "  OVER GOAL" : "  ok") : "";
  console.log(
    `${c.label.padEnd(24)} ${m.toFixed(0).padStart(5)} ms ${ratio.toFixed(2)}x   ${min.toFixed(0).padStart(5)} ms ${(min / baseMin).toFixed(2)}x` +
      `${verdict}`,
  );
}
console.log(`goal: at most ${goalRatio}x bare node (0.25 s where node starts in 0.08 s): ${ok ? "met" : "NOT met"}`);
process.exitCode = ok ? 0 : 1;
