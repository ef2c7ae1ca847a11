import { createHash } from "node:crypto";

/**
 * A finding's identity across commits: the rule, the file and the matched code with all whitespace
 * removed, so line shifts and reformatting keep it while any change of the code itself does not.
 * `discriminator` separates identical matches within one file (e.g. their occurrence index).
 */
export function fingerprint(ruleId: string, path: string, matchedCode: string, discriminator = ""): string {
  const normalized = matchedCode.replace(/\s+/g, "");
  return createHash("sha256")
    .update(ruleId)
    .update("\0")
    .update(path)
    .update("\0")
    .update(normalized)
    .update("\0")
    .update(discriminator)
    .digest("hex")
    .slice(0, 32);
}
