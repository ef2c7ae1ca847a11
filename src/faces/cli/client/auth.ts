// `crs login`, `crs logout`, `crs auth status|token`: where the client's token comes from.
import type { AddressInfo } from "node:net";
import { type Command, Option } from "commander";
import { scopes as allScopes } from "../../../kernel/scopes.ts";
import { api, ClientError } from "./api.ts";
import { credentialsPath, forgetLogin, readLogin, target, writeLogin, type Login } from "./credentials.ts";
import { cliClientId, discover, exchange, loginOf, pkce, revoke } from "./oauth.ts";
import { addJsonOptions, wantsJson, writeJson } from "./json-out.ts";
import { UsageError } from "./schema-flags.ts";
import { send, type Session } from "./session.ts";

export interface AuthHooks {
  /** Opens the sign-in URL (a browser); tests drive the consent instead. */
  openUrl(url: string): Promise<void>;
}

const page = (msg: string) => `<!doctype html><meta charset="utf-8"><title>crs</title><p style="font:16px system-ui;margin:3em">${msg}</p>`;

/** Waits on a loopback port for the authorization server's redirect with the code. */
async function loopback(): Promise<{ redirectUri: string; code: (state: string) => Promise<string>; close: () => void }> {
  // Imported here, not at the top: an ESM import of node:http reads its lazy WebSocket export, which
  // loads undici, a tenth of a second that every other command would pay at start.
  const { createServer } = await import("node:http");
  return new Promise((resolveServer) => {
    let settle: ((q: URLSearchParams) => void) | undefined;
    const got = new Promise<URLSearchParams>((r) => (settle = r));
    const server = createServer((req, res) => {
      const u = new URL(req.url ?? "/", "http://127.0.0.1");
      if (u.pathname !== "/callback") {
        res.writeHead(404).end();
        return;
      }
      const ok = u.searchParams.has("code");
      res
        .writeHead(ok ? 200 : 400, { "content-type": "text/html; charset=utf-8" })
        .end(page(ok ? "Signed in to crs. You can close this window." : "Sign-in was not completed. You can close this window."));
      settle?.(u.searchParams);
    });
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as AddressInfo).port;
      resolveServer({
        redirectUri: `http://127.0.0.1:${port}/callback`,
        close: () => server.close(),
        code: async (state) => {
          const timeout = new Promise<never>((_, rej) =>
            setTimeout(() => rej(new ClientError("Sign-in timed out after 5 minutes.", { exitCode: 4, code: "timeout" })), 300_000).unref(),
          );
          const q = await Promise.race([got, timeout]);
          if (q.get("state") !== state) throw new ClientError("Sign-in answered with the wrong state; try again.", { exitCode: 4, code: "invalid_state" });
          if (q.get("error"))
            throw new ClientError(`Sign-in refused: ${q.get("error")}${q.get("error_description") ? ` (${q.get("error_description")})` : ""}`, {
              exitCode: 4,
              code: q.get("error")!,
            });
          return q.get("code")!;
        },
      });
    });
  });
}

async function browserLogin(s: Session, hooks: AuthHooks, url: string, scopes: string[]): Promise<Login> {
  const meta = await discover(url);
  const lb = await loopback();
  try {
    const clientId = cliClientId;
    const p = pkce();
    const auth = new URL(meta.authorization_endpoint);
    const params = {
      response_type: "code",
      client_id: clientId,
      redirect_uri: lb.redirectUri,
      code_challenge: p.challenge,
      code_challenge_method: "S256",
      state: p.state,
      scope: scopes.join(" "),
      resource: url,
    };
    for (const [k, v] of Object.entries(params)) auth.searchParams.set(k, v);
    s.out.err(`Open this URL to sign in:\n  ${auth}`);
    await hooks.openUrl(auth.toString()).catch(() => undefined);
    const code = await lb.code(p.state);
    const t = await exchange(meta, {
      grant_type: "authorization_code",
      code,
      redirect_uri: lb.redirectUri,
      client_id: clientId,
      code_verifier: p.verifier,
      resource: url,
    });
    return loginOf(url, clientId, t);
  } finally {
    lb.close();
  }
}

async function whoami(url: string, token: string) {
  return (await api(url, token, { method: "GET", path: "/me" })).body;
}

export function addAuthCommands(program: Command, s: Session, hooks: AuthHooks, setExit: (code: number) => void): void {
  program
    .command("login")
    .description("Sign in: through the browser (OAuth with PKCE), or with an API key read from standard input (--with-token)")
    .addOption(new Option("--url <url>", "The crs server (default: CRS_URL, the stored login, or http://127.0.0.1:8080)."))
    .addOption(new Option("--scopes <list>", `Scopes to ask for, comma-separated (default: all: ${allScopes.join(",")}).`))
    .addOption(new Option("--no-browser", "Only print the sign-in URL."))
    .addOption(new Option("--with-token", "Read an API key (svcp_…) or access token from standard input."))
    .action(async (opts: Record<string, unknown>) => {
      const url = String(opts.url ?? (s.env.CRS_URL || target(s.env).url)).replace(/\/+$/, "");
      let login: Login;
      if (opts.withToken) {
        const token = (await s.readStdin()).trim();
        if (!/^svc[pa]_\S+$/.test(token)) throw new UsageError("--with-token reads a token (svcp_… or svca_…) from standard input");
        login = { url, token, kind: token.startsWith("svca_") ? "oauth" : "api_key" };
      } else {
        const scopes = opts.scopes
          ? String(opts.scopes)
              .split(",")
              .map((x) => x.trim())
              .filter(Boolean)
          : [...allScopes];
        const unknown = scopes.filter((x) => !(allScopes as readonly string[]).includes(x));
        if (unknown.length) throw new UsageError(`unknown scope ${unknown.join(", ")}; known: ${allScopes.join(", ")}`);
        login = await browserLogin(s, opts.browser === false ? { openUrl: async () => undefined } : hooks, url, scopes);
      }
      const me = await whoami(url, login.token);
      const file = writeLogin(login, s.env);
      s.out.err(`Logged in to ${url} as ${me.user.username} (workspace ${me.organization.slug}); credentials in ${file}`);
    });

  program
    .command("logout")
    .description("Sign out: revokes the OAuth tokens on the server, then forgets them here")
    .action(async () => {
      const login = readLogin(s.env);
      if (!login) {
        s.out.err(`Not logged in to ${target(s.env).url}.`);
        return;
      }
      if (login.kind === "oauth") {
        const failures = await revoke(login);
        if (failures.length) {
          s.out.err(`Revocation failed (${failures.join("; ")}); the tokens may stay valid until they expire. Forgetting them here anyway.`);
          setExit(1);
        } else s.out.err("Tokens revoked.");
      } else s.out.err("The API key stays valid: revoke it in the web app (Developer settings) if it should end.");
      forgetLogin(s.env);
      s.out.err(`Logged out of ${login.url}.`);
    });

  const auth = program.command("auth").description("Authentication state").helpCommand(false);
  addJsonOptions(auth.command("status").description("Show the server, user, workspace, scopes and token expiry"), "Print as JSON.").action(
    async (opts: Record<string, unknown>) => {
      const t = target(s.env);
      if (!t.token) throw new ClientError(`Not logged in to ${t.url}: run \`crs login\` (or set CRS_TOKEN).`, { exitCode: 4, code: "unauthenticated" });
      const me = (await send(s, { method: "GET", path: "/me" })).body;
      const status = {
        url: t.url,
        user: me.user.username,
        workspace: me.organization.slug,
        role: me.organization.role,
        token: me.token.kind,
        scopes: me.token.scopes,
        source: s.env.CRS_TOKEN ? "CRS_TOKEN" : readLogin(s.env)?.store === "keyring" ? "keyring" : credentialsPath(s.env),
        expiresAt: s.env.CRS_TOKEN ? null : (readLogin(s.env)?.expiresAt ?? null),
      };
      if (wantsJson(opts)) {
        await writeJson(s.out, status, opts);
        return;
      }
      for (const [k, v] of Object.entries(status)) s.out.write(`${k.padEnd(10)}${Array.isArray(v) ? v.join(" ") : (v ?? "never")}`);
    },
  );
  auth
    .command("token")
    .description("Print the token in use (for scripts; keep it secret)")
    .action(() => {
      const t = target(s.env);
      if (!t.token) throw new ClientError(`Not logged in to ${t.url}.`, { exitCode: 4, code: "unauthenticated" });
      s.out.write(t.token);
    });
}
