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

export interface PageOptions {
  title: string;
  /** The signed-in user, for the header (sign-out form). */
  user?: { username: string } | undefined;
  csrf?: string | undefined;
}

export function page(opts: PageOptions, body: Html): string {
  const nav = opts.user
    ? html`<nav><a href="/app">crs</a><a href="/app/findings">Findings</a><a href="/app/runs">Runs</a><a href="/app/settings/keys">API keys</a>
<a href="/app/settings/apps">Authorized apps</a>
<a href="/app/settings/password">Password</a><span class="grow"></span><span>${opts.user.username}</span>
<form method="post" action="/app/sign-out" class="inline">
<input type="hidden" name="_csrf" value="${opts.csrf}"><button class="link">Sign out</button></form></nav>`
    : html`<nav><a href="/app">crs</a></nav>`;
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${opts.title} · crs</title><link rel="stylesheet" href="/app/style.css"><script src="/app/copy.js" defer></script></head>
<body>${nav}<main>${body}</main></body></html>`.text;
}

/** A stored timestamp, readable: "2026-11-25 12:33 UTC"; "never" when absent. */
export function when(iso: string | null | undefined): string {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : "never";
}

/** The copy buttons (the pages work without it: the token is shown as selectable text). */
export const copyScript = `document.querySelectorAll("button[data-copy]").forEach(function (b) {
  b.hidden = false;
  b.addEventListener("click", function () {
    navigator.clipboard.writeText(document.getElementById(b.dataset.copy).value).then(function () { b.textContent = "Copied"; });
  });
});`;

export const stylesheet = `
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,sans-serif;color:#1d2329;background:#f5f6f8}
nav{display:flex;gap:1em;align-items:center;padding:.6em 1.5em;background:#1d2329;color:#fff}nav a{color:#fff;font-weight:600;text-decoration:none}
.grow{flex:1}main{max-width:46em;margin:2em auto;padding:1.5em 2em;background:#fff;border-radius:8px;box-shadow:0 1px 3px #0002}
h1{font-size:1.4em;margin-top:0}label{display:block;margin:.8em 0 .2em;font-weight:600}
input[type=email],input[type=password],input[type=text]{width:100%;padding:.5em;border:1px solid #bbc;border-radius:4px;font:inherit}
button{padding:.5em 1.2em;border:0;border-radius:4px;background:#2457c5;color:#fff;font:inherit;cursor:pointer}
button.secondary{background:#e4e7ec;color:#1d2329}button.danger{background:#b42318}
button.link{background:none;color:inherit;padding:0;text-decoration:underline}
form.inline{display:inline}.error{padding:.6em 1em;background:#fde8e7;border-left:4px solid #b42318}
.notice{padding:.6em 1em;background:#e8f1fd;border-left:4px solid #2457c5}
.tag{display:inline-block;padding:0 .5em;border-radius:3px;background:#fff1c2;font-size:.85em}ul.scopes li{margin:.3em 0}
table{width:100%;border-collapse:collapse}td,th{text-align:left;padding:.4em;border-bottom:1px solid #e4e7ec}code{word-break:break-all}
.actions{display:flex;gap:.8em;margin-top:1.5em}nav a{font-weight:400}nav a:first-child{font-weight:700}
label.check{font-weight:400;display:flex;gap:.5em;align-items:baseline}input.token{width:100%;font-family:monospace;padding:.5em}
pre{white-space:pre-wrap;background:#f5f6f8;padding:.5em;border-radius:4px}pre.text{font:inherit;background:none;padding:0}
.sev{padding:0 .4em;border-radius:3px;color:#fff;background:#667}.sev-critical{background:#7a1fa2}.sev-high{background:#b42318}
.sev-medium{background:#b54708}.sev-low{background:#2457c5}
`;
