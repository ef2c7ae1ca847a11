// CPU cost of one rate-limit charge, as the request pipeline pays it (ip before auth, then the
// operation's bucket): memory always, Redis when REDIS_URL is set.
// Usage: node scripts/bench-limits.ts [charges per backend, default 20000]
import { randomBytes } from "node:crypto";
import { parseRateLimits } from "../src/platform/limits/buckets.ts";
import { createRateLimiter } from "../src/platform/limits/limiter.ts";

const requests = Math.max(1000, Number(process.argv[2] ?? 20_000) / 2);
const concurrency = 32;
const limits = parseRateLimits("ip=1000000000/1h,reads=1000000000/1h");

async function bench(name: string, redisUrl?: string): Promise<void> {
  const limiter = createRateLimiter({ limits, redisUrl, keyPrefix: `crs-bench:${randomBytes(4).toString("hex")}` });
  const request = async (i: number) => {
    await limiter.charge("ip", `198.51.100.${i % 250}`);
    await limiter.charge("reads", `user-${i % 1000}`);
  };
  for (let i = 0; i < 500; i++) await request(i); // warm up: JIT, connection, script load
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) await request(next++);
    }),
  );
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const charges = requests * 2;
  const cpuUs = (cpu.user + cpu.system) / charges;
  console.log(
    `${name.padEnd(6)} charges=${charges} cpu_us_per_charge=${cpuUs.toFixed(2)} ` +
      `wall_us_per_charge=${((wallMs * 1000) / charges).toFixed(2)} charges_per_s=${Math.round(charges / (wallMs / 1000))} (concurrency ${concurrency})`,
  );
  await limiter.close();
}

await bench("memory");
if (process.env.REDIS_URL) await bench("redis", process.env.REDIS_URL);
else console.log("redis  skipped: set REDIS_URL to measure it");
