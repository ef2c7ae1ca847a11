// Small readings of ast-grep nodes that the pattern engines and rule checks share.
import type { SgNode } from "@ast-grep/napi";

/** A node's named children other than comments (a call's arguments, a list's elements, a function's parameters). */
export const namedKids = (n: SgNode | null | undefined): SgNode[] => n?.children().filter((c) => c.isNamed() && c.kind() !== "comment") ?? [];
