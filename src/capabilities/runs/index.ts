// The runs capability's public API: what other capabilities and the faces may import. Every
// other file in this folder is internal to it.
export * from "./ledger.ts";
export * from "./quote.ts";
export { startRun } from "./start.ts";
export { cancelRun } from "./cancel.ts";
export { recordRunDelivery } from "./delivery.ts";
export { firstFocusOf, netCostCents, runFacts, runIdsInState, runIdsOfKind, runIdsWithFocus } from "./facts.ts";
