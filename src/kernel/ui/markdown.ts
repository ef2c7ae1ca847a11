// Markdown from rules, findings and comments, rendered for a page. Repository content, rule text
// and comments are hostile: raw HTML is not enabled (it shows as text), images are off (they would
// fetch), and links are markdown-it's validated ones (no javascript:, vbscript:, file: or most data:
// URLs), opened without a referrer.
import MarkdownIt from "markdown-it";
import { Html } from "./html.ts";

const md = new MarkdownIt({ html: false, linkify: false, typographer: false }).disable(["image"]);
const defaultLink = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  tokens[idx]!.attrSet("rel", "nofollow noreferrer noopener");
  return defaultLink(tokens, idx, options, env, self);
};

/** Sanitised HTML of `text` (markdown), in a `.markdown` block. */
export function markdown(text: string): Html {
  return new Html(`<div class="markdown">${md.render(text)}</div>`);
}
