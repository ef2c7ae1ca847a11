// Focus operations, in table order.
import type { Operation } from "../operation.ts";

export const focusOperations: readonly Operation[] = [];
