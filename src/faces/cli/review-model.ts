// `crs review --model`: the model reviewer (src/review/model) after the rules, configured by
// CRS_MODEL_* from the environment only. Loaded only when --model is given, so the SDKs, the
// tokenizer and the PDF reader cost nothing otherwise.
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { AppError } from "../../kernel/errors.ts";
import { defaultMaxFileBytes, parseFocusFrontMatter } from "../../review/index.ts";
import { walkDirectory } from "../../review/files.ts";
import { extractDocuments, modelConfigFromEnv, ModelConfigError, reviewWithModel } from "../../review/model/index.ts";
import type { ModelConfig, ModelReviewResult, NamedText } from "../../review/model/index.ts";
import type { Finding, SourceFile } from "../../review/types.ts";

export interface ModelCliInput {
  dir: string;
  changedLines?: Map<string, Array<[number, number]>>;
  removedLines?: Map<string, Array<{ after: number; lines: string[] }>>;
  ruleFindings: readonly Finding[];
  /** Paths of --instructions files and of --focus documents (whose bodies are instructions too). */
  instructionFiles: string[];
  focusFiles: string[];
  documentFiles: string[];
  log: (line: string) => void;
}

/** The model from CRS_MODEL_*, checked before the rules run so a bad setting fails at once. */
export function modelConfig(): ModelConfig {
  let config: ModelConfig | null;
  try {
    config = modelConfigFromEnv(process.env);
  } catch (e) {
    if (e instanceof ModelConfigError) throw new AppError("invalid_request", e.message);
    throw e;
  }
  if (!config) throw new AppError("invalid_request", "--model needs CRS_MODEL_PROVIDER and CRS_MODEL_NAME in the environment (see README)");
  return config;
}

export async function modelReview(config: ModelConfig, input: ModelCliInput): Promise<ModelReviewResult> {
  const instructions: NamedText[] = [
    ...(await Promise.all(input.focusFiles.map(async (f) => ({ name: basename(f), text: parseFocusFrontMatter(await readFile(f, "utf8")).instructions })))),
    ...(await Promise.all(input.instructionFiles.map(async (f) => ({ name: basename(f), text: await readFile(f, "utf8") })))),
  ];
  const { texts: documents, skipped } = await extractDocuments(
    await Promise.all(input.documentFiles.map(async (f) => ({ name: basename(f), content: await readFile(f) }))),
  );
  for (const s of skipped) input.log(`document ${s.name} skipped: ${s.reason.replace(/_/g, " ")}`);
  const files: SourceFile[] = [];
  const changed = input.changedLines;
  const removed = input.removedLines;
  const wanted = (p: string) => p.endsWith("/") || !!changed?.has(p) || !!removed?.has(p);
  for await (const e of walkDirectory(input.dir, { maxBytes: defaultMaxFileBytes, ...(changed ? { wanted } : {}) })) {
    if ("content" in e) files.push(e);
  }
  // Ctrl-C stops sending and keeps what was answered.
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once("SIGINT", stop);
  try {
    const r = await reviewWithModel(config, {
      files,
      ...(changed ? { changedLines: changed } : {}),
      ...(removed ? { removedLines: removed } : {}),
      ruleFindings: input.ruleFindings,
      instructions,
      documents,
      signal: controller.signal,
    });
    if (skipped.length) r.stage.documentsSkipped = skipped.length;
    return r;
  } finally {
    process.off("SIGINT", stop);
  }
}
