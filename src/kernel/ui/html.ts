// Server-rendered HTML: every interpolated value is escaped unless it is already Html (built by
// this same template tag), so a page cannot inject markup by accident.
export class Html {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
  toString(): string {
    return this.text;
  }
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

type Value = Html | string | number | null | undefined | false | readonly Value[];

function render(v: Value): string {
  if (v === null || v === undefined || v === false) return "";
  if (v instanceof Html) return v.text;
  if (Array.isArray(v)) return v.map(render).join("");
  return escapeHtml(String(v));
}

export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!;
  return new Html(out);
}

/** The top bar's sections; a page names the one it belongs to (marked aria-current). */
export type Section = "dashboard" | "inbox" | "runs" | "repositories" | "settings";

export interface PageOptions {
  title: string;
  /** The signed-in user, for the header (sign-out form). */
  user?: { username: string } | undefined;
  csrf?: string | undefined;
  /** The top bar's section this page belongs to. */
  section?: Section | undefined;
  /** A reading-width column (forms, sign-in); list pages use the full fluid width. */
  narrow?: boolean | undefined;
  /** More same-origin scripts (paths under /app/), loaded deferred after app.js. */
  scripts?: readonly string[] | undefined;
}

/** The stylesheet and script, with a version so the browser may cache them (the face serves them). */
const assetVersion = "1";
const sections: readonly [Section, string, string][] = [
  ["dashboard", "Dashboard", "/app"],
  ["inbox", "Inbox", "/app/findings"],
  ["runs", "Runs", "/app/runs"],
  ["repositories", "Repositories", "/app/repositories"],
  ["settings", "Settings", "/app/settings/keys"],
];

const keysHelp = html`<dialog id="keys" aria-labelledby="keys-title"><h2 id="keys-title">Keyboard shortcuts</h2>
<table><tr><td><kbd>j</kbd> / <kbd>k</kbd></td><td>next / previous row</td></tr><tr><td><kbd>o</kbd></td><td>open the current row</td></tr>
<tr><td><kbd>x</kbd></td><td>select the current row</td></tr><tr><td><kbd>/</kbd></td><td>search</td></tr>
<tr><td><kbd>?</kbd></td><td>this help</td></tr></table><div class="actions"><button type="button" data-close>Close</button></div></dialog>`;

const settingsNav = html`<nav class="toolbar" aria-label="Settings"><a href="/app/settings/keys">API keys</a>
<a href="/app/settings/apps">Authorized apps</a><a href="/app/settings/password">Password</a></nav>`;

export function page(opts: PageOptions, body: Html): string {
  const nav = opts.user
    ? html`<nav class="top" aria-label="Main"><a class="brand" href="/app">crs</a>${sections.map(
        ([id, label, href]) => html`<a href="${href}"${id === opts.section ? html` aria-current="page"` : ""}>${label}</a>`,
      )}<span class="grow"></span><span class="who">${opts.user.username}</span>
<form method="post" action="/app/sign-out" class="inline">
<input type="hidden" name="_csrf" value="${opts.csrf}"><button class="link">Sign out</button></form></nav>`
    : html`<nav class="top" aria-label="Main"><a class="brand" href="/app">crs</a></nav>`;
  const scripts = ["/app/assets/app.js?v=" + assetVersion, ...(opts.scripts ?? [])];
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${opts.title} · crs</title>
<link rel="icon" href="/app/assets/icon.svg"><link rel="stylesheet" href="/app/assets/app.css?v=${assetVersion}">${scripts.map(
    (src) => html`<script src="${src}" defer></script>`,
  )}</head>
<body><a class="skip" href="#main">Skip to content</a>${nav}<main id="main"${opts.narrow ? html` class="narrow"` : ""}>${
    opts.section === "settings" ? settingsNav : ""
  }${body}</main>${opts.user ? keysHelp : ""}</body></html>`.text;
}

/** A stored timestamp, readable: "2026-11-25 12:33 UTC"; "never" when absent. */
export function when(iso: string | null | undefined): string {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : "never";
}
