// A message checked against its HMAC in constant time: Python's `hmac.compare_digest(sig, hmac.new(KEY, data,
// sha256).digest())`, Node's `crypto.timingSafeEqual(sig, crypto.createHmac("sha256", key).update(data).digest())`,
// the expected digest inline or in a variable the function assigns. Where the check holds, `data` is what the holder
// of the key signed (a session blob the server itself issued), not the sender's own text: a signed pickle or
// serialized object is the server's data. A plain `==` of the digests authenticates it too (signedEquality).
import type { TNode } from "../syntax/node.ts";
import type { Syntax } from "../syntax/syntax-types.ts";
import { named } from "../syntax/syntax-types.ts";
import type { Guard } from "../model/check-operands.ts";
import { allClassesMask } from "../syntax/classes.ts";

const comparers = /^(?:hmac\.compare_digest|secrets\.compare_digest|compare_digest|crypto\.timingSafeEqual|timingSafeEqual)$/;
/** Python's `hmac.new(key, msg, …)` and `hmac.digest(key, msg, …)` (the message second); Node's `createHmac(…).update(msg)`. */
const pyMac = /^(?:hmac\.new|hmac\.HMAC|hmac\.digest|HMAC)$/;
const dottedName = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;

/** Guards for the messages a constant-time HMAC comparison (`cond`, whose callee is `text`) authenticates; none else. */
export function signedGuards(cond: TNode, text: string, syn: Syntax): Guard[] {
  if (!comparers.test(text)) return [];
  const out: Guard[] = [];
  for (const given of named(cond.field("arguments"))) {
    // `Buffer.from(expected)`, `Buffer.from(sig, "hex")`: the bytes of what it is given.
    const arg = given.field("function")?.text() === "Buffer.from" ? (named(given.field("arguments"))[0] ?? given) : given;
    const msg = signedMessage(arg, cond, syn);
    if (msg) out.push({ name: msg, mask: allClassesMask });
  }
  return out;
}

/**
 * `sig == hmac.new(KEY, data, sha256).hexdigest()`, `expected !== sig` after `expected = createHmac(…).update(data)…`:
 * a plain comparison leaks timing (the timing-unsafe-compare rules report that), yet it authenticates the message
 * all the same. Guards for that message where the digests are equal; none else.
 */
export function signedEquality(l: TNode, r: TNode, syn: Syntax, at: TNode): Guard[] {
  const msg = signedMessage(l, at, syn) ?? signedMessage(r, at, syn);
  return msg ? [{ name: msg, mask: allClassesMask }] : [];
}

/** The variable or member whose HMAC `n` is: computed there, or assigned to the variable `n` names in the function around `at`. */
function signedMessage(n: TNode, at: TNode, syn: Syntax): string | null {
  const msg = syn.roles[n.kind()] === "ident" ? assignedMac(at, n.text(), syn) : macMessage(n, syn);
  return msg && dottedName.test(msg) ? msg : null;
}

/** The message of an HMAC computed by `n` (through `.digest()`, `.hexdigest()`, `Buffer.from(…)`), else null. */
function macMessage(n: TNode, syn: Syntax): string | null {
  let cur: TNode | null = n;
  for (let depth = 0; cur && depth < 6 && syn.roles[cur.kind()] === "call"; depth++) {
    const fn: TNode | null = cur.field("function");
    const callee = fn?.text().replace(/\s+/g, "") ?? "";
    const args: TNode[] = named(cur.field("arguments")).map((a: TNode) =>
      a.kind() === "keyword_argument" && a.field("name")?.text() === "msg" ? a.field("value")! : a,
    );
    if (pyMac.test(callee)) return args[1]?.text() ?? null;
    if (/\.update$/.test(callee) && /createHmac\s*\(/.test(callee)) return args[0]?.text() ?? null;
    if (callee === "Buffer.from") cur = args[0] ?? null;
    else cur = fn && syn.roles[fn.kind()] === "member" ? fn.field(syn.memberFields[0]) : null;
  }
  return null;
}

/** `expected = hmac.new(KEY, data, sha256).hexdigest()` (or Node's createHmac) in the function around the check: its message. */
function assignedMac(cond: TNode, variable: string, syn: Syntax): string | null {
  let fn: TNode | null = cond.parent();
  while (fn && syn.roles[fn.kind()] !== "func") fn = fn.parent();
  if (!fn) return null;
  const v = variable.replace(/\$/g, "\\$");
  const re = new RegExp(
    `(?<![\\w$.])(?:const\\s+|let\\s+|var\\s+)?${v}\\s*=\\s*(?:hmac\\.(?:new|digest)\\(\\s*[^,()]+,\\s*(?:msg\\s*=\\s*)?([A-Za-z_$][\\w$.]*)|` +
      `(?:crypto\\.)?createHmac\\([^()]*\\)\\s*\\.update\\(\\s*([A-Za-z_$][\\w$.]*))`,
  );
  const m = re.exec(fn.text());
  return m ? (m[1] ?? m[2] ?? null) : null;
}
