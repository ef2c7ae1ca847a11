// The model reviewer's configuration from the environment (CRS_MODEL_*). The key is read from the
// environment only; nothing here ever prints it.
import { modelProviders } from "./types.ts";
import type { ModelConfig, ModelProvider } from "./types.ts";

export class ModelConfigError extends Error {}

const positive = (env: Record<string, string | undefined>, name: string, fallback: number, max: number): number => {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new ModelConfigError(`${name} must be an integer from 1 to ${max}`);
  return n;
};

/** The configured model, or null when CRS_MODEL_PROVIDER is unset (the reviewer is off). */
export function modelConfigFromEnv(env: Record<string, string | undefined>): ModelConfig | null {
  const provider = env.CRS_MODEL_PROVIDER?.trim();
  if (!provider) return null;
  if (!(modelProviders as readonly string[]).includes(provider)) {
    throw new ModelConfigError(`CRS_MODEL_PROVIDER must be one of ${modelProviders.join(", ")}`);
  }
  const model = env.CRS_MODEL_NAME?.trim();
  if (!model) throw new ModelConfigError("CRS_MODEL_NAME is required when CRS_MODEL_PROVIDER is set");
  const url = env.CRS_MODEL_URL?.trim();
  if (url) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ModelConfigError("CRS_MODEL_URL must be an http(s) URL");
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new ModelConfigError("CRS_MODEL_URL must be an http(s) URL");
  }
  return {
    provider: provider as ModelProvider,
    model,
    ...(url ? { url } : {}),
    ...(env.CRS_MODEL_API_KEY ? { apiKey: env.CRS_MODEL_API_KEY } : {}),
    maxTokensPerRun: positive(env, "CRS_MODEL_MAX_TOKENS_PER_RUN", 200_000, 100_000_000),
    concurrency: positive(env, "CRS_MODEL_CONCURRENCY", 4, 64),
    timeoutMs: positive(env, "CRS_MODEL_TIMEOUT_MS", 120_000, 3_600_000),
  };
}
