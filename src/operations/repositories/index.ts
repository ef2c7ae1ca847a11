// Repository operations, in table order (added by the repositories work).
import type { Operation } from "../operation.ts";

export const repositoryOperations: readonly Operation[] = [];
