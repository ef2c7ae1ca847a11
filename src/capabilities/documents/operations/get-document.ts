import { getDocument as get } from "../index.ts";
import { implement } from "../../../kernel/operation.ts";
import { getDocumentDefinition } from "./get-document.def.ts";

export const getDocument = implement(getDocumentDefinition, async (ctx, input) => ({ document: await get(ctx.store, ctx.workspaceId, input.document) }));
