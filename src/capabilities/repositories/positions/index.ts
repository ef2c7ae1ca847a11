// Positions (`at`): parse the spec's syntax, resolve it against a mirror to one commit.
export { parseAt, branchNameProblem } from "./parse.ts";
export { resolvePosition, positionUnavailable } from "./resolve.ts";
export type { ResolvedPosition } from "./resolve.ts";
