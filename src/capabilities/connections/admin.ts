// crs admin repo connect|policy|deliveries and crs admin secret-key rotate: the operator's acts on
// connections. Tokens are read from standard input only, never from arguments.
import { readFile } from "node:fs/promises";
import type { Command } from "commander";
import { type AdminIo, withStore } from "../../kernel/admin.ts";
import { loadConfig } from "../../kernel/config.ts";
import { AppError, invalidField } from "../../kernel/errors.ts";
import * as accounts from "../identity/index.ts";
import * as repos from "../repositories/index.ts";
import { lastDeliveries } from "./delivery-list.ts";
import { setPolicy } from "./policy.ts";
import { rotateSecretKey } from "./rotate.ts";
import { connectRepository, type SetupResult } from "./setup.ts";
import type { HostAuth, ReviewPolicy } from "./types.ts";

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8").trim();
}

function reference(ref: string): repos.RepositoryRef {
  const parsed = repos.parseRepositoryRef(ref);
  if (!parsed) throw repos.invalidRepositoryRef("REPO");
  return parsed;
}

function onOff(v: string | undefined, field: string): boolean | undefined {
  if (v === undefined) return undefined;
  if (v === "on" || v === "off") return v === "on";
  throw invalidField(field, "on or off.");
}

function cents(v: string | undefined, field: string): number | null | undefined {
  if (v === undefined) return undefined;
  if (v === "none") return null;
  if (!/^\d{1,10}$/.test(v)) throw invalidField(field, "A whole number of cents, or none.");
  return Number(v);
}

function setupText(r: SetupResult): string {
  const lines = [`connected to ${r.host} ${r.hostRepo}; access ${r.access}`];
  if (r.webhook.created) lines.push(`webhook: created on the host (${r.webhook.url})`);
  else {
    lines.push(`webhook: not created${r.webhook.note ? ` (${r.webhook.note})` : ""}. Add it on the host:`);
    lines.push(`  URL:          ${r.webhook.url}`);
    lines.push(`  secret:       ${r.webhook.secret}`);
    lines.push(
      r.host === "github"
        ? "  content type: application/json; events: push, pull requests"
        : "  events: push, merge requests (the secret is the hook's secret token)",
    );
  }
  return lines.join("\n");
}

export function registerConnections(admin: Command, io: AdminIo): void {
  const repo = admin.commands.find((c) => c.name() === "repo") ?? admin.command("repo");
  repo
    .command("connect <workspace> <repo>")
    .description("Connect a repository to its code host (the token is read from standard input)")
    .requiredOption("--host <host>", "github or gitlab")
    .option("--api-url <url>", "API root: GitHub Enterprise Server (https://ghe.example/api/v3), self-managed GitLab")
    .option("--host-repo <path>", "OWNER/NAME (GitLab: group/…/name) on the host; default: the repository's full name")
    .option("--token-stdin", "read a token (GitHub fine-grained, GitLab project or group access token) from standard input")
    .option("--app-id <n>", "GitHub App id")
    .option("--private-key <file>", "GitHub App private key (PEM file)")
    .option("--installation-id <n>", "GitHub App installation id")
    .action(async (ws: string, ref: string, o: Record<string, string | boolean | undefined>, cmd: Command) => {
      let auth: HostAuth;
      if (o.tokenStdin) {
        if (o.appId || o.privateKey || o.installationId) throw invalidField("--token-stdin", "Give a token or a GitHub App, not both.");
        auth = { kind: "token", token: await readStdin() };
      } else if (o.appId && o.privateKey && o.installationId) {
        if (o.host !== "github") throw invalidField("--app-id", "GitHub Apps are GitHub's; GitLab takes an access token (--token-stdin).");
        auth = { kind: "app", appId: Number(o.appId), privateKey: await readFile(String(o.privateKey), "utf8"), installationId: Number(o.installationId) };
      } else {
        throw invalidField("--token-stdin", "Give --token-stdin, or --app-id, --private-key and --installation-id.");
      }
      const config = loadConfig();
      await withStore(
        cmd,
        io,
        async (store) => {
          const w = await accounts.findWorkspace(store, ws);
          const row = await repos.resolveRepository(store, w.id, reference(ref));
          return connectRepository(
            { store, config },
            {
              workspaceId: w.id,
              repositoryId: row.id,
              fullName: row.full_name,
              host: o.host as "github" | "gitlab",
              apiUrl: o.apiUrl as string | undefined,
              hostRepo: o.hostRepo as string | undefined,
              auth,
            },
            config.baseUrl,
            new Date(),
          );
        },
        setupText,
      );
    });

  repo
    .command("policy <workspace> <repo>")
    .description("Set a connected repository's review policy (only the options given change)")
    .option("--auto-review <on|off>", "review pull requests automatically when they open or change")
    .option("--forks <on|off>", "also review pull requests from forks (default off)")
    .option("--focuses <slugs>", "comma-separated focuses the automatic reviews follow ('' for none)")
    .option("--max-run-price <cents|none>", "the most one automatic review may cost")
    .option("--daily-cap <cents|none>", "the most this repository's automatic reviews may cost per UTC day")
    .option("--inline-comments <n>", "inline comments per review, 0 to 100 (default 30)")
    .option("--fail-at <severity>", "the lowest severity that fails the check: info, low, medium, high (default), critical")
    .action(async (ws: string, ref: string, o: Record<string, string | undefined>, cmd: Command) => {
      const change: Partial<ReviewPolicy> = {};
      const auto = onOff(o.autoReview, "--auto-review");
      if (auto !== undefined) change.autoReview = auto;
      const forks = onOff(o.forks, "--forks");
      if (forks !== undefined) change.forks = forks;
      if (o.focuses !== undefined)
        change.focuses = o.focuses
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean);
      const max = cents(o.maxRunPrice, "--max-run-price");
      if (max !== undefined) change.maxRunPriceCents = max;
      const cap = cents(o.dailyCap, "--daily-cap");
      if (cap !== undefined) change.dailyCapCents = cap;
      if (o.inlineComments !== undefined) {
        if (!/^\d{1,3}$/.test(o.inlineComments)) throw invalidField("--inline-comments", "From 0 to 100.");
        change.inlineComments = Number(o.inlineComments);
      }
      if (o.failAt !== undefined) change.failAtSeverity = o.failAt as ReviewPolicy["failAtSeverity"];
      await withStore(
        cmd,
        io,
        async (store) => {
          const w = await accounts.findWorkspace(store, ws);
          const row = await repos.resolveRepository(store, w.id, reference(ref));
          return setPolicy(store, w.id, row.id, change, new Date());
        },
        (p) =>
          [
            `auto-review ${p.autoReview ? "on" : "off"}, forks ${p.forks ? "on" : "off"}`,
            `focuses ${p.focuses.join(", ") || "(none)"}`,
            `max run price ${p.maxRunPriceCents ?? "none"}, daily cap ${p.dailyCapCents ?? "none"}`,
            `inline comments ${p.inlineComments}, fails at ${p.failAtSeverity}`,
          ].join("\n"),
      );
    });

  repo
    .command("deliveries <workspace> <repo>")
    .description("The last webhook deliveries of a connected repository and what came of them")
    .option("--limit <n>", "how many (default 20, at most 200)", "20")
    .action(async (ws: string, ref: string, o: { limit: string }, cmd: Command) => {
      const limit = Number(o.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw invalidField("--limit", "From 1 to 200.");
      await withStore(
        cmd,
        io,
        async (store) => {
          const w = await accounts.findWorkspace(store, ws);
          const row = await repos.resolveRepository(store, w.id, reference(ref));
          return lastDeliveries(store, w.id, row.id, limit);
        },
        (list) =>
          list
            .map((d) => {
              const retry = d.nextAttemptAt ? ` (next attempt ${d.nextAttemptAt})` : "";
              return `${d.receivedAt}\t${d.event}\t${d.state}${retry}\tattempts ${d.attempts}\t${d.outcome ?? ""}`;
            })
            .join("\n") || "no deliveries",
      );
    });

  admin
    .command("secret-key")
    .description("The server key that encrypts code-host credentials")
    .command("rotate")
    .description("Re-encrypt every stored credential under a new key (read from standard input, or generated into the data dir's key file)")
    .option("--new-key-stdin", "read the new key (32 bytes, base64 or hex) from standard input")
    .action(async (o: { newKeyStdin?: boolean }, cmd: Command) => {
      const config = loadConfig();
      const newKey = o.newKeyStdin ? await readStdin() : undefined;
      if (!newKey && config.databaseUrl) {
        throw new AppError("invalid_request", "With DATABASE_URL, pass the new key with --new-key-stdin, then set CRS_SECRET_KEY to it everywhere.");
      }
      await withStore(
        cmd,
        io,
        (store) => rotateSecretKey({ store, config }, newKey),
        (r) =>
          `re-encrypted ${r.connections} connection(s)` +
          (r.keyFile ? `; the new key is in ${r.keyFile}` : "; now set CRS_SECRET_KEY to the new key on every server and worker"),
      );
    });
}
