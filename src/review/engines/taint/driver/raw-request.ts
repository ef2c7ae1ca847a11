// What Node's HTTP parser lets through (JavaScript, TypeScript): the raw request target and header
// values never hold CR, LF or other control characters (llhttp rejects the request), so written to a
// log as they came they cannot forge a line. Decoded values (`decodeURIComponent(req.url)`, a parsed
// query) can: a step that decodes or parses keeps the finding.
import type { SinkHit } from "./hits.ts";
import type { Step } from "../model/state.ts";

// Express's and Koa's own readers of the same: the path (`req.path`, `ctx.path`: the target's, undecoded; hapi's
// `request.path` is decoded), the host, the client's address, and a header's value (`req.get("user-agent")`, `ctx.header`).
const rawMembers = "url|originalUrl|href|method|httpVersion|headers|header|host|hostname|origin|protocol|ip|ips";
const rawField = new RegExp(
  String.raw`^(?:(?:req|request|ctx)(?:\.(?:request|req))?\.(?:${rawMembers})|(?:req|ctx)\.path)\b(?!\s*\()|^(?:req|request|ctx)\.(?:get|header)\b`,
);
const decoding = /decodeURI|unescape|querystring|URLSearchParams|\.query\b|parse\s*\(|Buffer|atob|fromCharCode|\.replace\s*\(/;

/** A log-injection hit whose value is a raw request line or header field, passed on undecoded. */
export function rawRequestLog(h: SinkHit): boolean {
  if (h.className !== "log-injection") return false;
  const steps: Step[] = [];
  for (let s: Step | null = h.taint.step; s; s = s.prev) steps.push(s);
  const source = steps.at(-1)!;
  // `req?.headers?.host` reads the same field.
  if (source.kind !== "source" || !rawField.test(source.node.text().replace(/\?\./g, "."))) return false;
  return !decoding.test(h.node.text()) && steps.every((s) => !decoding.test(s.node.text()));
}
