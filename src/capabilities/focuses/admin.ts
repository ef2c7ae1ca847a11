// crs admin focus put|list|archive: the operator's focus commands.
import { readFile } from "node:fs/promises";
import type { Command } from "commander";
import * as accounts from "../identity/index.ts";
import * as focuses from "./index.ts";
import { withStore, type AdminIo } from "../../kernel/admin.ts";

async function readInstructions(file: string): Promise<string> {
  if (file !== "-") return readFile(file, "utf8");
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export function registerFocuses(admin: Command, io: AdminIo): void {
  const focus = admin.command("focus").description("Focuses: instruction documents that steer runs");
  focus
    .command("put <workspace> <slug>")
    .description("Create or update a focus; a content change makes a new revision")
    .requiredOption("--title <title>", "display title")
    .option("--emoji <emoji>", "an emoji shown with the title")
    .requiredOption("--file <file>", "markdown instructions (optional YAML front matter); - reads stdin")
    .action(async (ws: string, slug: string, o: { title: string; emoji?: string; file: string }, cmd: Command) =>
      withStore(
        cmd,
        io,
        async (s) => {
          const w = await accounts.findWorkspace(s, ws);
          const instructions = await readInstructions(o.file);
          const { focus: f, changed } = await focuses.putFocus(s, w.id, { slug, title: o.title, emoji: o.emoji ?? null, instructions });
          return { workspace: w.slug, slug: f.slug, title: f.title, emoji: f.emoji, revision: f.revision, changed };
        },
        (r) => `focus ${r.slug} ${r.changed ? "saved" : "unchanged"} at revision ${r.revision}`,
      ),
    );
  focus
    .command("list <workspace>")
    .description("List a workspace's focuses (archived ones marked)")
    .action(async (ws: string, _o: unknown, cmd: Command) =>
      withStore(
        cmd,
        io,
        async (s) => {
          const w = await accounts.findWorkspace(s, ws);
          const page = await focuses.listFocuses(s, w.id, { includeArchived: true });
          return page.items.map((f) => ({ slug: f.slug, title: f.title, emoji: f.emoji, revision: f.revision, archived: f.archived, updatedAt: f.updatedAt }));
        },
        (items) => items.map((f) => `${f.slug}\t${f.emoji ?? ""}\t${f.title}\trev ${f.revision}${f.archived ? "\tarchived" : ""}`).join("\n") || "no focuses",
      ),
    );
  focus
    .command("archive <workspace> <slug>")
    .description("Archive a focus: hidden from the API and from new runs")
    .action(async (ws: string, slug: string, _o: unknown, cmd: Command) =>
      withStore(
        cmd,
        io,
        async (s) => {
          const w = await accounts.findWorkspace(s, ws);
          const f = await focuses.archiveFocus(s, w.id, slug);
          return { workspace: w.slug, slug: f.slug, revision: f.revision, archived: true };
        },
        (r) => `focus ${r.slug} archived`,
      ),
    );
}
