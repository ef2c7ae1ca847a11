// Context document operations, in table order.
import type { Operation } from "../operation.ts";

export const documentOperations: readonly Operation[] = [];
