// The check every display name an operator or user gives passes (workspace, user, API key).
import { invalidField } from "../../kernel/errors.ts";
import { isName } from "../../kernel/text.ts";

/** A display name: 1 to `max` characters, none of them a control character; undefined passes (none given). */
export function checkName(field: string, value: string | undefined, max = 100): void {
  if (value === undefined) return;
  if (value.trim() === "" || value.length > max) throw invalidField(field, `The ${field} is 1 to ${max} characters.`);
  if (!isName(value)) throw invalidField(field, `The ${field} may not hold control characters.`);
}
