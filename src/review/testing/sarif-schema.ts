// The SARIF validator the engine's SARIF test and the service's export tests share: the official OASIS
// SARIF 2.1.0 schema, as shipped by Microsoft's SARIF Multitool (a devDependency), compiled by Ajv.
// The platform-neutral @microsoft/sarif-multitool pulls in the package for this OS, whose root holds sarif-2.1.0.json.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const schemaPackage = `@microsoft/sarif-multitool-${process.platform}`;
const schemaPath = ((): string | undefined => {
  try {
    return createRequire(import.meta.url).resolve(`${schemaPackage}/sarif-2.1.0.json`);
  } catch {
    return undefined;
  }
})();
const missing =
  `${schemaPackage}/sarif-2.1.0.json not found: the devDependency @microsoft/sarif-multitool installs it as an ` +
  "optional dependency on linux, darwin and win32; run npm ci (without --omit=optional)";
/** Linux is where CI runs: a missing schema is a failure there, and a skip on platforms without the package. */
export const skipWithoutSchema = schemaPath === undefined && process.platform !== "linux" ? missing : false;

let compiled: ValidateFunction | undefined;
export function officialValidator(): ValidateFunction {
  assert.ok(schemaPath, missing);
  if (compiled) return compiled;
  const schema = JSON.parse(readFileSync(schemaPath, "utf8")) as { title: string };
  assert.equal(schema.title, "Static Analysis Results Format (SARIF) Version 2.1.0 JSON Schema");
  // Strict, except strictRequired: the schema's anyOf/oneOf branches require properties declared in the enclosing object.
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  compiled = ajv.compile(schema);
  return compiled;
}

export function validationErrors(validate: ValidateFunction): string {
  return JSON.stringify(validate.errors, null, 2);
}
