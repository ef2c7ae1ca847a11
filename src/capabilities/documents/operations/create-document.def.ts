import { z } from "zod";
import { noteLimits } from "../schemas.ts";
import { repositoryRefParam } from "../../repositories/schemas.ts";
import { printable, printableMessage } from "../../../kernel/schemas.ts";
import { documentSchema } from "../schemas.ts";
import { defineOperation } from "../../../kernel/operation.ts";
import { bodyTextMessage, isBody } from "../../../kernel/text.ts";

export const createDocumentDefinition = defineOperation({
  id: "create_document",
  method: "POST",
  path: "/documents",
  summary: "Create a context document",
  description:
    "Creates a context document from an uploaded file ({upload: {id}}, after the PUT to the slot's url) or a text note ({note: {title?, text}}); " +
    "give exactly one. Identical content already in the workspace returns the existing document with 200 instead of 201.",
  scopes: ["runs:write"],
  bucket: "documents",
  alsoCharges: ["shared"],
  mcp: true,
  readOnly: false,
  idempotent: true,
  successStatus: 201,
  alsoAnswers: { status: 200, description: "A document with identical content already exists; it is returned." },
  input: z.object({
    upload: z
      .object({ id: z.string().min(1).max(255).describe("The upload slot id from request_document_upload.") })
      .optional()
      .describe("An uploaded file, by slot id."),
    note: z
      .object({
        title: z
          .string()
          .min(1)
          .max(noteLimits.title)
          .regex(printable, printableMessage)
          .optional()
          .describe(`Title, 1 to ${noteLimits.title} characters; the first line of the text when omitted.`),
        text: z
          .string()
          .min(1)
          .max(noteLimits.text)
          .refine(isBody, bodyTextMessage)
          .describe(`The note's text (markdown), 1 to ${noteLimits.text} characters.`),
      })
      .optional()
      .describe("A text note."),
    repository: repositoryRefParam.optional().describe("Attach the document to this repository (owner/name or numeric id) for the list filter."),
  }),
  output: z.object({ document: documentSchema }),
});
