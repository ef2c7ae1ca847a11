// The oauth capability's public API: what other capabilities and the faces may import. Every
// other file in this folder is internal to it.
export * from "./authorize.ts";
export * from "./grants.ts";
export * from "./user-grants.ts";
export { isVerifiedClient } from "./clients.ts";
