// The promise timers of `timers/promises` take a delay and a value: a file that imports them calls them by the
// global timers' names, and nothing it passes them runs as code.
import { setTimeout, setInterval } from "node:timers/promises";

export async function pause(req, res) {
  await setTimeout(req.query.ms, "done"); // safe: code-injection promise timer
  res.end();
}

export async function poll(req, res) {
  for await (const tick of setInterval(req.query.every, Date.now())) { // safe: code-injection promise timer
    if (tick > Number(req.query.until)) break;
  }
  res.end();
}
