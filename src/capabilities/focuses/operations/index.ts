// Focus operations with their handlers (definitions.ts holds the order).
import type { Operation } from "../../../kernel/operation.ts";
import { getFocus } from "./get-focus.ts";
import { listFocuses } from "./list-focuses.ts";

export const focusOperations: readonly Operation[] = [
  listFocuses as unknown as Operation,
  getFocus as unknown as Operation,
];
