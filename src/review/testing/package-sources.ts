// Test helpers for the review engine's text checks: real JavaScript and TypeScript files from this
// project's node_modules, the code a check that rules files out must never wrongly clear.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { detectLanguage } from "../languages.ts";
import type { Language } from "../language-ids.ts";

export interface PackageSource {
  path: string;
  text: string;
  lang: Language;
}

const nodeModules = new URL("../../../node_modules/", import.meta.url).pathname;

/**
 * Up to `perPackage` source files of each named package (depth first, names in order; no `.d.ts`,
 * none over 200,000 characters), each with its language.
 */
export function packageSources(packages: readonly string[], perPackage: number): PackageSource[] {
  const out: PackageSource[] = [];
  const walk = (dir: string, budget: { left: number }): void => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (budget.left <= 0) return;
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path, budget);
      else if (/\.(m?js|ts)$/.test(e.name) && !e.name.endsWith(".d.ts")) {
        const text = readFileSync(path, "utf8");
        const lang = detectLanguage(path, text.slice(0, 200));
        if (!lang || text.length > 200_000) continue;
        budget.left--;
        out.push({ path, text, lang });
      }
    }
  };
  for (const pkg of packages) walk(join(nodeModules, pkg), { left: perPackage });
  return out;
}
