import { z } from "zod";
import { commentSchema } from "../schemas.ts";
import { bodyTextMessage, isBody } from "../../../kernel/text.ts";
import { findingParam } from "./get-finding.def.ts";
import { defineOperation } from "../../../kernel/operation.ts";

export const commentOnFindingDefinition = defineOperation({
  id: "comment_on_finding",
  method: "POST",
  path: "/findings/{finding}/comments",
  summary: "Comment on a finding",
  description:
    "Adds a comment (markdown, 1 to 20000 characters), optionally answering another comment of the same finding (replyTo). A repeated " +
    "Idempotency-Key (REST) or requestId (MCP) with the same body returns the original comment; with another body it is 409 idempotency_key_reused.",
  scopes: ["findings:write"],
  bucket: "findings:write",
  mcp: true,
  readOnly: false,
  headerFields: { "Idempotency-Key": "requestId" },
  successStatus: 201,
  input: z.object({
    finding: findingParam,
    body: z.string().min(1).max(20000).refine(isBody, bodyTextMessage).describe("The comment, 1 to 20000 characters."),
    replyTo: z.string().min(1).max(255).optional().describe("The id of the comment this answers (of the same finding)."),
    requestId: z
      .string()
      .min(1)
      .max(255)
      .regex(/^[\u0021-\u007e]+$/, "printable ASCII without spaces")
      .optional()
      .describe("Idempotency key (REST: the Idempotency-Key header), 1 to 255 characters."),
  }),
  output: z.object({ comment: commentSchema }),
});
