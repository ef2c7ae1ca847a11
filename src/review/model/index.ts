// The model reviewer's public API (see reviewer.ts). The SDKs and the tokenizer load only when a
// review sends something.
export { reviewWithModel, modelDefaults } from "./reviewer.ts";
export type { ModelReviewDeps } from "./reviewer.ts";
export { modelConfigFromEnv, ModelConfigError } from "./config.ts";
export { extractDocuments, extractDocumentText } from "./documents.ts";
export type { DocumentSkip, DocumentSource, ExtractedDocument, ExtractLimits } from "./documents.ts";
export { redactSecrets } from "./redact.ts";
export { modelRuleId } from "./check.ts";
export type * from "./types.ts";
