// Positions (`at`): parse the spec's syntax, resolve it against a mirror to one commit.
export { parseAt, formatAt, branchNameProblem } from "./parse.ts";
export { maxAtLength } from "../../../kernel/schemas.ts";
export type { ParsedPosition } from "./parse.ts";
export { resolvePosition, positionUnavailable } from "./resolve.ts";
export type { ResolvedPosition, PositionKind, PositionUnavailableReason, PositionSource } from "./resolve.ts";
