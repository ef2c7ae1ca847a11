// The model reviewer's public API (see reviewer.ts). The SDKs and the tokenizer load only when a
// review sends something.
export { reviewWithModel } from "./reviewer.ts";
export { modelConfigFromEnv, ModelConfigError } from "./config.ts";
export { extractDocuments } from "./documents.ts";
export type * from "./types.ts";
