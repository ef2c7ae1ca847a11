// Patterns a module assembles from its own string constants before compiling them.

// A terminal-escape stripper: its alternatives listed, joined and compiled; the leading separators
// and the parameter runs overlap, quadratic on a long run of `;`.
const ESCAPES = ["\\u001B\\[[;?]*(?:[0-9]*(?:;[0-9a-z]*)*)m", "\\u001B\\][^\\u0007\\u001B]*\\u0007"];
function stripEscapes(text) {
  return text.replace(new RegExp(ESCAPES.join("|"), "g"), ""); // expect: js.redos
}
// Its fixed release: each parameter is one run of digits, after one separator.
const ESCAPES_FIXED = ["\\u001B\\[(?:[0-9]+(?:;[0-9]+)*)?m", "\\u001B\\][^\\u0007\\u001B]*\\u0007"];
function stripEscapesFixed(text) {
  return text.replace(new RegExp(ESCAPES_FIXED.join("|"), "g"), ""); // ok: js.redos
}

// A tag parser whose word piece is shared by two patterns: the nested repetition is exponential.
const TAG_WORD = "[a-z]+\\s?";
const tagList = new RegExp("^(?:" + TAG_WORD + ")+;$"); // expect: js.redos
const tagName = new RegExp(`^${TAG_WORD}$`); // ok: js.redos
module.exports.isTagList = (s) => tagList.test(s) || tagName.test(s);

// A pattern extended from another's source, with the flags the caller asks for.
const KEY = /[\w-]+/;
const keyPath = (s, all) => new RegExp(`^(${KEY.source}\\.?)+$`, all ? "g" : undefined).test(s); // expect: js.redos
const keyOnly = (s) => new RegExp(`^${KEY.source}$`).test(s); // ok: js.redos

// A search helper escaping the caller's word: what the caller gives is not the module's pattern to judge.
function wordSearch(word, text) {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?:${escaped}\\s*)+`).test(text); // ok: js.redos
}
module.exports = { stripEscapes, stripEscapesFixed, keyPath, keyOnly, wordSearch };
