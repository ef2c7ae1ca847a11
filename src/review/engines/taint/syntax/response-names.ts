// A handler's response under another name than `res`: `(request, response) => response.send(…)`,
// `function (req, resp)`, `({ query }, response)`. The rules name Express's and Node's response `res`
// (`res.send`, `res.redirect`, `res.setHeader`); in such a file, its own name for the response is that.
// Found as a parameter list whose first parameter is a request and whose second is the response, so a
// client's `response` (`fetch(url).then((response) => …)`) is not taken for one.
/**
 * What a handler calls its response: Express's and Node's `res`, `resp`, `response`, Fastify's `reply`. Each
 * question about handlers adds the names it also takes (driver/function-entry.ts, evaluators/entry-points.ts).
 */
export const responseParams: readonly string[] = ["res", "resp", "response", "reply"];

const handlerPair = /\(\s*(?:req|request|\{[^()]*\})\s*(?::\s*[\w$.]+(?:<[^<>()]*>)?\s*)?,\s*(resp|response)\b/g;

/** The names the file's handlers give their response (besides `res`). */
export function responseAliases(source: string): string[] {
  if (!source.includes("resp")) return [];
  return [...new Set(Array.from(source.matchAll(handlerPair), (m) => m[1]!))];
}
