// npm run bench:model — the model reviewer's own cost, against the stand-in provider server answering
// at once (no model is reachable here, and a real model's quality is not measured):
//  (a) overhead of a model review of a 20-line change (the 20-line pull request of bench:runs);
//  (b) overhead of a full model review of the demo repository, beside the rule engine on it;
//  (c) tokens sent per 1,000 reviewed lines, counted with the o200k tokenizer on the recorded
//      requests, for a change review and a full review of 40 generated modules;
//  (d) a full review of 100,000 lines within the default 200,000-token budget: time and how far it got
//      (this is where the tokenizer loads: the byte bound no longer settles whether a chunk fits).
//  (e), (f) the service's model stage in runs (scripts/bench-model-stage.ts): runs timed with and
//      without it, on bench:runs' 20-line pull request and on a full review of the demo repository.
// Goals (issue #33): (a) <= 100 ms; (b) <= 10% of the run's time (here: of the engine's time alone,
// which is less than a run's); (e) <= 100 ms; (f) <= 10% of the run's time.
// Usage: node scripts/bench-model.ts [repetitions, default 15] [files of the (e) repository, default 18500] [--no-runs]
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { demoFiles } from "../src/capabilities/repositories/demo-files.ts";
import { loadRules, reviewFiles } from "../src/review/index.ts";
import { reviewWithModel } from "../src/review/model/index.ts";
import { answerJsonSchema } from "../src/review/model/answer.ts";
import type { ModelConfig } from "../src/review/model/index.ts";
import { ModelStandIn } from "../src/review/model/testing/standin.ts";
import { benchModelStage } from "./bench-model-stage.ts";
import type { SourceFile } from "../src/review/types.ts";

const reps = Number(process.argv[2] ?? 15);
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const standIn = await new ModelStandIn().start();
const config: ModelConfig = {
  provider: "openai",
  url: standIn.openaiUrl,
  model: "stand-in",
  apiKey: "bench",
  maxTokensPerRun: 10_000_000,
  concurrency: 4,
  timeoutMs: 30_000,
};
const rules = await loadRules();

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t0 = process.hrtime.bigint();
  await fn();
  return ms(t0);
}

function module(i: number): string {
  const out = [`const db = require("./db");`, `const log = require("./log");`, ""];
  for (let f = 0; f < 12; f++) {
    out.push(
      `async function handler${i}_${f}(req, res) {`,
      `  const id = Number(req.params.id);`,
      `  if (!Number.isInteger(id)) return res.status(400).json({ error: "bad id" });`,
      `  const rows = await db.query("SELECT id, name FROM items_${f} WHERE id = $1", [id]);`,
      `  log.info({ id, count: rows.length }, "items read");`,
      `  res.json(rows.map((r) => ({ id: r.id, name: r.name })));`,
      `}`,
      "",
    );
  }
  out.push(`module.exports = { ${Array.from({ length: 12 }, (_, f) => `handler${i}_${f}`).join(", ")} };`);
  return `${out.join("\n")}\n`;
}

try {
  const first = await time(() => reviewWithModel(config, { files: [{ path: "a.js", content: Buffer.from("a();\n") }], ruleFindings: [] }));
  console.log(`first model review in a process (loads the openai SDK): ${first.toFixed(1)} ms`);

  // (a) a 20-line change: a new file of 20 lines, as bench:runs' pull request.
  const added: SourceFile = {
    path: "src/added.js",
    content: Buffer.from(Array.from({ length: 20 }, (_, i) => `export const added${i} = ${i};`).join("\n") + "\n"),
  };
  const changed = new Map([["src/added.js", [[1, 20]] as Array<[number, number]>]]);
  const a: number[] = [];
  for (let i = 0; i < reps; i++) a.push(await time(() => reviewWithModel(config, { files: [added], changedLines: changed, ruleFindings: [] })));
  console.log(`(a) 20-line change: model review median ${median(a).toFixed(1)} ms (1 request to an instant stand-in; goal <= 100 ms)`);

  // (b) the demo repository, full review: model stage beside the rule engine.
  const demo = Object.entries(demoFiles).map(([path, content]) => ({ path, content: Buffer.from(content) }));
  const engine: number[] = [];
  const model: number[] = [];
  let requests = 0;
  for (let i = 0; i < reps; i++) {
    let ruleFindings = [] as Awaited<ReturnType<typeof reviewFiles>>["findings"];
    engine.push(
      await time(async () => {
        ruleFindings = (
          await reviewFiles({
            files: (async function* () {
              yield* demo;
            })(),
            rules,
          })
        ).findings;
      }),
    );
    model.push(
      await time(async () => {
        requests = (await reviewWithModel(config, { files: demo, ruleFindings })).stage.requests;
      }),
    );
  }
  console.log(
    `(b) demo repository (${demo.length} files): rule engine median ${median(engine).toFixed(1)} ms, model stage median ${median(model).toFixed(1)} ` +
      `ms ` +
      `(${requests} request${requests === 1 ? "" : "s"}) = ${((100 * median(model)) / median(engine)).toFixed(1)}% of the engine's time (goal <= 10% of the ` +
      `run's)`,
  );

  // (c) tokens sent per 1,000 reviewed lines.
  const enc = new Tiktoken(o200k);
  // What the recorded text leaves out: the answer's JSON schema, sent with every request.
  console.log(`(c) the answer's JSON schema adds ${enc.encode(JSON.stringify(answerJsonSchema())).length} tokens to each request (not in the figures below)`);
  const files = Array.from({ length: 40 }, (_, i) => ({ path: `src/module${i}.js`, content: Buffer.from(module(i)) }));
  const lines = files.reduce((n, f) => n + f.content.toString().split("\n").length - 1, 0);
  const sent = async (changedLines?: Map<string, Array<[number, number]>>) => {
    const from = standIn.requests.length;
    const r = await reviewWithModel(config, { files, ...(changedLines ? { changedLines } : {}), ruleFindings: [] });
    const tokens = standIn.requests.slice(from).reduce((n, q) => n + enc.encode(q.text, [], []).length, 0);
    return { tokens, requests: r.stage.requests };
  };
  const full = await sent();
  console.log(
    `(c) full review of ${files.length} modules, ${lines} lines: ${full.tokens} tokens in ${full.requests} requests = ` +
      `${Math.round((1000 * full.tokens) / lines)} tokens per 1,000 reviewed lines`,
  );
  // Two 5-line hunks per file: 400 changed lines, each hunk shown with 10 lines around it.
  const hunks = new Map(
    files.map((f) => [
      f.path,
      [
        [20, 24],
        [70, 74],
      ] as Array<[number, number]>,
    ]),
  );
  const change = await sent(hunks);
  const changedCount = files.length * 10;
  console.log(
    `(c) change review, ${changedCount} changed lines in ${files.length} files: ${change.tokens} tokens in ${change.requests} requests = ` +
      `${Math.round((1000 * change.tokens) / changedCount)} tokens per 1,000 changed lines`,
  );

  // (d) 1,000 files of 100 lines, the default budget.
  const line = (i: number) => `  const value${i} = await db.query("SELECT name FROM t WHERE id = $1", [req.params.id${i}]);`;
  const large = Array.from({ length: 1000 }, (_, f) => ({
    path: `src/m${f}.js`,
    content: Buffer.from(`${Array.from({ length: 100 }, (_, i) => line(i)).join("\n")}\n`),
  }));
  let stage = null as Awaited<ReturnType<typeof reviewWithModel>>["stage"] | null;
  const d = await time(async () => {
    stage = (await reviewWithModel({ ...config, maxTokensPerRun: 200_000 }, { files: large, ruleFindings: [] })).stage;
  });
  console.log(
    `(d) full review of 100,000 lines, 200,000-token budget: ${d.toFixed(0)} ms, ${stage!.state} ` +
      `(${stage!.chunks.answered} of ${stage!.chunks.total} chunks sent, ${stage!.tokensIn + stage!.tokensOut} tokens)`,
  );

  if (!process.argv.includes("--no-runs")) await benchModelStage(standIn, Math.min(reps, 9), Number(process.argv[3] ?? 18_500));
} finally {
  await standIn.close();
}
