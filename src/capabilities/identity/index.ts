// The identity capability's public API: what other capabilities and the faces may import. Every
// other file in this folder is internal to it.
export * from "./accounts.ts";
export * from "./api-keys.ts";
export { addMember, memberIdsNamed, memberRole, removeMember } from "./members.ts";
export * from "./passwords.ts";
export * from "./sessions.ts";
export * from "./settings.ts";
export * from "./sign-in.ts";
export * from "./web/session.ts";
export * from "./workspace-state.ts";
export * from "./server-settings.ts";
