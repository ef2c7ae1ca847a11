import { test } from "node:test";
import assert from "node:assert/strict";
import { loadRules, reviewFiles } from "../index.ts";
import { stream } from "../testing/stream.ts";
import { mayPollute } from "./prototype-pollution.ts";

const rules = await loadRules();
const lines = async (path: string, src: string): Promise<number[]> =>
  (await reviewFiles({ files: stream({ [path]: src }), rules, taint: false })).findings
    .filter((f) => f.ruleId === "js.prototype-pollution")
    .map((f) => f.location.startLine);

const merge = (guard: string) => `export function merge<T extends Record<string, any>>(target: T, source: Record<string, any>): T {
  for (const [key, value] of Object.entries(source)) {
    ${guard}
    if (value !== null && typeof value === "object") {
      (target as any)[key] ??= {};
      merge((target as any)[key], value);
    } else {
      (target as any)[key] = value;
    }
  }
  return target;
}
`;

test("a TypeScript deep merge over Object.entries is reported at its recursive call", async () => {
  assert.deepEqual(await lines("merge.ts", merge("")), [6]);
});

test("a hasOwnProperty check does not make a merge safe: JSON.parse gives __proto__ as an own key", async () => {
  assert.deepEqual(await lines("merge.ts", merge("if (!Object.prototype.hasOwnProperty.call(source, key)) continue;")), [6]);
});

test("a guard naming __proto__ alone is not enough: constructor.prototype reaches the prototype too", async () => {
  assert.deepEqual(await lines("merge.ts", merge('if (key === "__proto__") continue;')), [6]);
});

test("a merge that skips __proto__, constructor and prototype keys (a comparison, a constant list or a helper) is not reported", async () => {
  assert.deepEqual(await lines("merge.ts", merge('if (key === "__proto__" || key === "constructor" || key === "prototype") continue;')), []);
  const list = `const BLOCKED = ["__proto__", "constructor", "prototype"];\n${merge("if (BLOCKED.includes(key)) continue;")}`;
  assert.deepEqual(await lines("merge.ts", list), []);
});

test("a set-by-path helper walking split parts is reported at its last write; a null-prototype target is not", async () => {
  const set = (init: string) => `export function set(obj: any, path: string, value: unknown) {
  const keys = path.split(".");
  let cur = ${init};
  for (let i = 0; i < keys.length - 1; i++) cur = cur[keys[i]] = cur[keys[i]] || {};
  cur[keys[keys.length - 1]] = value;
}
`;
  assert.deepEqual(await lines("set.ts", set("obj")), [5]);
  assert.deepEqual(await lines("set.ts", set("Object.create(null)")), []);
});

test("a merge that descends only into the target's own keys is not reported; one that checks only the source still is", async () => {
  const extend = (check: string) => `export function extend(target: any, source: any) {
  for (const key in source) {
    if (!source[key] || typeof source[key] !== "object") target[key] = source[key];
    else {
      if (!${check}) target[key] = {};
      extend(target[key], source[key]);
    }
  }
  return target;
}
`;
  assert.deepEqual(await lines("extend.ts", extend("Object.hasOwn(target, key)")), []);
  assert.deepEqual(await lines("extend.ts", `const has = Object.prototype.hasOwnProperty;\n${extend("has.call(target, key)")}`), []);
  assert.deepEqual(await lines("extend.ts", extend("Object.hasOwn(source, key)")), [6]);
});

test("rewriting an object's own keys in place is not reported; copying another object's keys into it is", async () => {
  const rewrite = (from: string) => `export function prepare(t: any, s: any) {
  for (const k in ${from}) t.parts[k] = build(t.parts[k], s);
  return t;
}
`;
  assert.deepEqual(await lines("prepare.ts", rewrite("t.parts")), []);
  assert.deepEqual(await lines("prepare.ts", rewrite("s")), [2]);
});

test("a reduce over split parts is a set-by-path walk only when it descends into the accumulator", async () => {
  const red = (body: string) => `export function parse(s: string) {
  return s.split(";").reduce((acc: any, part: string) => ${body}, {});
}
`;
  assert.deepEqual(await lines("parse.ts", red("(acc[part] = acc[part] || {})")), [2]);
  assert.deepEqual(await lines("parse.ts", red("{ acc[part] = true; return acc; }")), []);
});

test("writes at loop counters (a matrix, a compiler's _i2) are not reported; the same write at caller-chosen keys is", async () => {
  const fill = (init: string) => `export function fill(m: any, a: any, b: any, n: number) {
  for (${init}; a < n; a++) m[a][b] = 0;
}
`;
  assert.deepEqual(await lines("fill.ts", fill("let a = 0")), []);
  assert.deepEqual(await lines("fill.ts", fill("let _i = 0")), [2]);
});

test("a merge guarded by `key in Object.prototype`, or done only for listed literal keys, is not reported", async () => {
  assert.deepEqual(await lines("merge.ts", merge("if (key in Object.prototype) continue;")), []);
  const listed = (list: string) => `export function opts(t: any, s: any) {
  for (const key of Object.keys(s)) {
    if (${list}.includes(key)) t[key] = copy(t[key] || {}, s[key]);
  }
}
`;
  assert.deepEqual(await lines("opts.ts", listed('["tls", "auth"]')), []);
  assert.deepEqual(await lines("opts.ts", listed('["tls", "constructor"]')), [3]);
});

test("a method inside a module factory's callback is reported once", async () => {
  const src = `export const create = factory("Unit", [], () => {
  function Unit() {}
  Unit.prototype.merge = function (s: any) {
    for (const k in s) for (const p in s[k]) this.parts[k][p] = s[k][p];
  };
  return Unit;
});
`;
  assert.deepEqual(await lines("unit.ts", src), [4]);
});

test("the text check lets through every computed write of a key a source gives, and not files without one", () => {
  for (const text of [
    "for (const k in src) t[k] = src[k];",
    "Object.keys(s).forEach((k) => { out [ k ]\n  = s[k]; });",
    "const parts = p.split('.');\nfor (const x of parts) cur[x] ||= {};",
    "for (k in s) a.b[c.d] ??= 1",
    "for (k in s) f(x)[k] = 1",
    "for (k in s) list[k][j] = 1",
  ])
    assert.equal(mayPollute(text), true, text);
  for (const text of ["for (const k in src) if (t[k] === src[k]) n++;", "t[k] = v;", "Object.keys(s); t[f(k)] = 1", "for (k in s) x = [a];", ""])
    assert.equal(mayPollute(text), false, text);
});

test("a helper that throws through another helper naming the dangerous keys is a guard; one naming none is not", async () => {
  const set = (check: string) => `const isUnsafeKey = (key) => key === "__proto__" || key === "constructor" || key === "prototype";
const validateKey = (key) => {
  if (${check}) throw new Error("unsafe key: " + key);
};
export function setValue(target, path, value) {
  const keys = path.split(".");
  let obj = target;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    validateKey(key);
    if (i === keys.length - 1) obj[key] = value;
    else obj = obj[key] = obj[key] || {};
  }
}
`;
  assert.deepEqual(await lines("set.js", set("isUnsafeKey(key)")), []);
  assert.deepEqual(await lines("set.js", set("key === ''")), [12]);
});

test("a walk that steps only into the target's own keys, a key check imported by its name, or a frozen prototype is not reported", async () => {
  const walk = (check: string) => `export function set(obj, path, val) {
  const parts = path.split(".");
  let cur = obj;
  for (let i = 0; i < parts.length - 1; i++) {
    const k = parts[i];
    ${check}
    cur = cur[k];
  }
  cur[parts[parts.length - 1]] = val;
}
`;
  assert.deepEqual(await lines("set.js", walk("if (!Object.prototype.hasOwnProperty.call(cur, k)) cur[k] = {};")), []);
  assert.deepEqual(await lines("set.js", walk("if (!cur[k]) cur[k] = {};")), [9]);
  assert.deepEqual(await lines("set.js", `Object.freeze(Object.prototype);\n${walk("if (!cur[k]) cur[k] = {};")}`), []);
  const imported = (name: string) => `const { ${name} } = require("./utils");
${merge(`if (${name}(key)) continue;`)}`;
  assert.deepEqual(await lines("merge.ts", imported("isUnsafeKey")), []);
  assert.deepEqual(await lines("merge.ts", imported("isEmptyKey")), [7]);
});

test("a merge into a copy it made, a table filled from the program's own constants, or a rewrite of a target's own keys is not reported", async () => {
  const copy = `export function deepMerge(target, source) {
  const merged = { ...target };
  for (const key in source) {
    const value = source[key];
    if (isObject(merged[key]) && isObject(value)) merged[key] = deepMerge(merged[key], value);
    else merged[key] = value;
  }
  return merged;
}
`;
  assert.deepEqual(await lines("merge.js", copy), []);
  assert.deepEqual(await lines("merge.js", copy.replace("const merged = { ...target };", "const merged = target;")), [5]);
  const table = `const FLAGS = { readOnly: ["get"], writes: ["set"] };
export function flagMap() {
  return Object.keys(FLAGS).reduce((map, flag) => {
    map[flag] = {};
    FLAGS[flag].forEach((command) => {
      map[flag][command] = true;
    });
    return map;
  }, {});
}
export function reset(records, id) {
  for (const key of Object.keys(records[id])) records[id][key] = 0;
}
export function put(o, a, b, v) {
  o[a][b] = v;
}
`;
  assert.deepEqual(await lines("table.js", table), [15]);
  // Frozen tables and enums the file declares (a logger's components and levels), in source and compiled.
  const levels = (decl: string) => `${decl}
export class Logger {
  off(severities) {
    for (const component of Object.values(Component)) {
      for (const level of Object.values(Level)) {
        severities[component][level] = false;
      }
    }
  }
}
`;
  const frozen = `export const Level = Object.freeze({ ERROR: "error", DEBUG: "debug" });
exports.Component = Object.freeze({ COMMAND: "command" });`;
  assert.deepEqual(await lines("logger.js", levels(frozen)), []);
  assert.deepEqual(await lines("logger.ts", levels('enum Level { ERROR = "error" }\nenum Component { COMMAND = "command" }')), []);
  // A table the program fills at run time may hold any key.
  assert.deepEqual(await lines("logger.js", levels("export const Level = {};\nexport const Component = {};")), [7]);
});

test("a helper of the file named for checking keys against pollution guards the merge that calls it; one named otherwise does not", async () => {
  const helper = (name: string) => `function ${name}(base, key) {
  if (key === "__proto__") return false;
  return !(key in base) || Object.prototype.hasOwnProperty.call(base, key);
}
${merge(`if (!${name}(target, key)) continue;`)}`;
  assert.deepEqual(await lines("merge.ts", helper("isSafeFromPollution")), []);
  assert.deepEqual(await lines("merge.ts", helper("lookup")), [10]);
});

test("a helper named for validating something other than keys (isValidObject) guards nothing", async () => {
  const helper = `function isValidObject(o) { return o !== null && typeof o === "object"; }
${merge("if (!isValidObject(target)) continue;")}`;
  assert.deepEqual(await lines("merge.ts", helper), [7]);
});

test("a merge skipping __proto__ that enters target[key] only when it tested as a plain object is not reported; entering it otherwise is", async () => {
  const src = (isObject: string, body: string) => `function isObject(o) { return ${isObject}; }
export function merge(target, source) {
  for (const key of Object.keys(source)) {
    if (key === "__proto__") continue;
    ${body}
  }
  return target;
}
`;
  const plain = 'o !== null && typeof o === "object"';
  const guarded = "if (isObject(target[key]) && isObject(source[key])) merge(target[key], source[key]);\n    else target[key] = source[key];";
  assert.deepEqual(await lines("m.js", src(plain, guarded)), []);
  assert.deepEqual(await lines("m.js", src(`${plain} || typeof o === "function"`, guarded)), [5]);
  const entered = "if (isObject(source[key])) { target[key] = target[key] || {}; merge(target[key], source[key]); }\n    else target[key] = source[key];";
  assert.deepEqual(await lines("m.js", src(plain, entered)), [5]);
});

test("o[a][b] = v into an o[a] just set to a new object is not reported; one set only when missing (the polluting shape) is", async () => {
  const tables = `export function index(models, routes) {
  const table = {};
  for (const from of Object.keys(models)) {
    table[from] = {};
    Object.keys(routes[from]).forEach((to) => {
      table[from][to] = routes[from][to];
    });
  }
  return table;
}
export function indexLazily(table, from, to, fn) {
  if (!table[from]) table[from] = {};
  table[from][to] = fn;
}
export function indexOr(table, from, to, fn) {
  table[from] = table[from] || {};
  table[from][to] = fn;
}
`;
  assert.deepEqual(await lines("tables.js", tables), [13, 17]);
});

test("a fresh object set in another function (run later) does not make a write safe", async () => {
  const src = `export function setup(t, a) {
  t[a] = {};
  return function put(b, v) {
    t[a][b] = v;
  };
}
`;
  assert.deepEqual(await lines("later.js", src), [4]);
});

test("a jQuery-style extend that descends through a local holding target[name] is reported; reading it through a key-checking helper is not", async () => {
  const extend = (read: string, helper = "") => `${helper}export function assign(deep, target, ...sources) {
  for (const source of sources) {
    for (const name in source) {
      const prev = ${read};
      const next = source[name];
      if (deep && next && typeof next === "object") {
        const base = prev && typeof prev === "object" ? prev : {};
        target[name] = assign(deep, base, next);
      } else if (next !== undefined) {
        target[name] = next;
      }
    }
  }
  return target;
}
`;
  assert.deepEqual(await lines("assign.js", extend("target[name]")), [8]);
  const helper = `const readOwn = (o, k) => (k === "__proto__" ? undefined : o[k]);\n`;
  assert.deepEqual(await lines("assign.js", extend("readOwn(target, name)", helper)), []);
});

test("a deep assign over Object.keys callbacks that recurses into a local copy of target[key] is reported; with a key guard it is not", async () => {
  const assign = (guard: string) => `module.exports = function deepAssign(target, ...objs) {
  objs.forEach((obj) => {
    Object.keys(obj).forEach((key) => {
      ${guard}
      const current = target[key];
      const incoming = obj[key];
      if (isPlain(current) && isPlain(incoming)) target[key] = deepAssign(current, incoming);
      else target[key] = incoming;
    });
  });
  return target;
};
`;
  assert.deepEqual(await lines("assign.js", assign("")), [7]);
  assert.deepEqual(await lines("assign.js", assign('if (key === "__proto__" || key === "constructor" || key === "prototype") return;')), []);
});

test("a set-by-path walk over parts from a path helper (toPath, a split helper) is reported; filtering the parts through a key check is not", async () => {
  const setIn = (parts: string) => `import { splitPath } from "./path-utils";
const isSafeKey = (k) => !["__proto__", "constructor", "prototype"].includes(k);
export function setIn(obj, path, value) {
  const keys = ${parts};
  let node = obj;
  for (let i = 0; i < keys.length - 1; i++) {
    const k = keys[i];
    if (node[k] === undefined) node[k] = {};
    node = node[k];
  }
  node[keys[keys.length - 1]] = value;
  return obj;
}
`;
  assert.deepEqual(await lines("set-in.js", setIn("splitPath(path)")), [11]);
  assert.deepEqual(await lines("set-in.js", setIn('split(path, { sep: "." })')), [11]);
  assert.deepEqual(await lines("set-in.js", setIn("splitPath(path).filter(isSafeKey)")), []);
});

test("parts of a helper that is no path splitter (splitLines) counted into a table are not reported", async () => {
  const src = `export function tally(text) {
  const words = splitLines(text);
  const counts = {};
  for (let i = 0; i < words.length; i++) counts[words[i]] = (counts[words[i]] || 0) + 1;
  return counts;
}
`;
  assert.deepEqual(await lines("tally.js", src), []);
});

test("a __proto__-skipping path walk stepping only into tested objects is silent; resetting only missing values or no skip is reported", async () => {
  const assignPath = (skip: string, reset: string) => `export function assignPath(out, dotted, value) {
  const parts = dotted.split(".");
  const last = parts.pop();
  let node = out;
  for (const part of parts) {
    ${skip}
    if (${reset}) node[part] = {};
    node = node[part];
  }
  node[last] = value;
  return out;
}
`;
  const skip = 'if (part === "__proto__") continue;';
  assert.deepEqual(await lines("assign-path.js", assignPath(skip, 'typeof node[part] !== "object" || node[part] === null')), []);
  assert.deepEqual(await lines("assign-path.js", assignPath(skip, "!node[part]")), [10]);
  assert.deepEqual(await lines("assign-path.js", assignPath("", 'typeof node[part] !== "object" || node[part] === null')), [10]);
});

test("a helper given split path parts by its caller, walking them or recursing on what a part reads, is reported; with a key check it is not", async () => {
  const setDeep = (check: string) => `export function parseFlags(argv) {
  const out = {};
  for (const arg of argv) {
    const [name, value] = arg.replace(/^--/, "").split("=");
    assignKeys(out, name.split("."), value);
  }
  return out;
}
function assignKeys(target, keys, value) {
  let node = target;
  keys.slice(0, -1).forEach((key) => {
    ${check}
    if (node[key] === undefined) node[key] = {};
    node = node[key];
  });
  node[keys[keys.length - 1]] = value;
}
`;
  assert.deepEqual(await lines("flags.js", setDeep("")), [16]);
  assert.deepEqual(await lines("flags.js", setDeep('if (key === "__proto__" || key === "constructor" || key === "prototype") return;')), []);
  const recursive = (check: string) => `export function put(obj, path, value) {
  if (typeof path === "string") return put(obj, path.split("."), value);
  const head = path[0];
  ${check}
  if (path.length === 1) {
    obj[head] = value;
    return obj;
  }
  if (obj[head] === undefined) obj[head] = {};
  return put(obj[head], path.slice(1), value);
}
`;
  assert.deepEqual(await lines("put.js", recursive("")), [9]);
  assert.deepEqual(await lines("put.js", recursive('if (head === "__proto__" || head === "constructor") throw new Error("unsafe key");')), []);
});

test("a copy callback handed to forOwn by name that recurses into this[key] is reported; one checking every dangerous key is not", async () => {
  const mixin = (check: string) => `const forOwn = require("for-own");
function blend(target, ...sources) {
  for (const source of sources) if (source && typeof source === "object") forOwn(source, assignOne, target);
  return target;
}
function assignOne(value, key) {
  if (${check}) return;
  const existing = this[key];
  if (isBag(value) && isBag(existing)) {
    blend(existing, value);
  } else {
    this[key] = value;
  }
}
const isBag = (v) => v !== null && (typeof v === "object" || typeof v === "function");
module.exports = blend;
`;
  assert.deepEqual(await lines("blend.js", mixin('key === "__proto__"')), [10]);
  assert.deepEqual(await lines("blend.js", mixin('key === "__proto__" || key === "constructor" || key === "prototype"')), []);
});

test("a local read through a same-named key outside the loop binding it, or passed as what is copied, is no merge descent", async () => {
  const src = `export function rescale(pending, series) {
  const work = {};
  for (const k in pending) {
    const wanted = pending[k];
    if (wanted) work[k] = { ...wanted };
  }
  series.forEach((s) => {
    const k = s.scale;
    const cur = work[k];
    widen(cur, s.values);
  });
  for (const k in pending) {
    const next = work[k];
    assignInto({}, next);
  }
  return work;
}
`;
  assert.deepEqual(await lines("rescale.js", src), []);
});

test("a value read through a source key and written back rewrapped by a one-argument call is no merge descent", async () => {
  const src = `export function markData(meta, rules) {
  for (const key in rules) {
    const schema = meta[key];
    if (rules[key].data && schema) meta[key] = wrapData(schema);
  }
  return meta;
}
`;
  assert.deepEqual(await lines("mark.js", src), []);
});

test("a counted loop's index named as a for…in key of another nested function is no source key there", async () => {
  const src = `module.exports = function (RED) {
  function JoinNode() {
    const inflight = {};
    const send = function (group) {
      for (var i = 0; i < group.payload.length; i++) {
        group.payload[i] = Buffer.from(group.payload[i]);
      }
    };
    this.on("close", function () {
      for (var i in inflight) clearTimeout(inflight[i].timeout);
    });
    this.on("input", (msg) => {
      inflight[msg.topic] = msg;
      send(inflight[msg.topic]);
    });
  }
  RED.nodes.registerType("join", JoinNode);
};
`;
  assert.deepEqual(await lines("join.js", src), []);
});

test("a path walk that resets an inherited prototype to a new object is reported (constructor.prototype is not writable); one that throws is not", async () => {
  const walk = (onProto: string) => `module.exports = function set(obj, path, value) {
  const keys = path.split(".");
  let o = obj;
  for (let i = 0; i < keys.length - 1; i++) {
    const key = keys[i];
    if (key === "__proto__") return;
    if (o[key] === undefined) o[key] = {};
    if (o[key] === Object.prototype) ${onProto}
    o = o[key];
  }
  o[keys[keys.length - 1]] = value;
};
`;
  assert.deepEqual(await lines("set.js", walk("o[key] = {};")), [11]);
  // A test of the last step in a condition (`Array.isArray(o[k])`) is no descent that could vouch for the walk.
  const pushed = walk("o[key] = {};").replace(
    "  o[keys[keys.length - 1]] = value;",
    "  const last = keys[keys.length - 1];\n  if (Array.isArray(o[last])) o[last].push(value);\n  else o[last] = value;",
  );
  assert.deepEqual(await lines("set.js", pushed), [13]);
  assert.deepEqual(await lines("set.js", walk('throw new Error("prototype");')), []);
});

test("a path part taken through one converting call (getkey(parts.shift())) is still a part of the path", async () => {
  const src = `module.exports = function unflatten(target) {
  const result = {};
  Object.keys(target).forEach(function (key) {
    const split = key.split(".");
    let key1 = getkey(split.shift());
    let key2 = getkey(split[0]);
    let recipient = result;
    while (key2 !== undefined) {
      if (recipient[key1] == null) recipient[key1] = {};
      recipient = recipient[key1];
      key1 = getkey(split.shift());
      key2 = getkey(split[0]);
    }
    recipient[key1] = target[key];
  });
  return result;
};
`;
  assert.deepEqual(await lines("unflatten.js", src), [14]);
});

test("a merge over Object.keys listed first is reported; skipping __proto__ and entering t[key] only in the else of a not-an-object reset is not", async () => {
  const merge = (skip: string, descend: string) => `exports.merge = function merge(target, source) {
  if (Array.isArray(source)) {
    for (let i = 0; i < source.length; ++i) target.push(exports.clone(source[i]));
    return target;
  }
  const keys = Object.keys(source);
  for (let i = 0; i < keys.length; ++i) {
    const key = keys[i];
    ${skip}
    const value = source[key];
    if (value && typeof value === "object") {
      ${descend}
    } else {
      target[key] = value;
    }
  }
  return target;
};
`;
  const guarded = [
    'if (!target[key] || typeof target[key] !== "object" || Array.isArray(target[key]) !== Array.isArray(value)) {',
    "        target[key] = exports.clone(value);",
    "      } else {",
    "        merge(target[key], value);",
    "      }",
  ].join("\n");
  assert.deepEqual(await lines("merge.js", merge('if (key === "__proto__") continue;', guarded)), []);
  assert.deepEqual(await lines("merge.js", merge("", guarded)), [15]);
  // Entered whatever it holds (a function: `constructor`, then its `prototype`): __proto__ alone is not enough.
  assert.deepEqual(await lines("merge.js", merge('if (key === "__proto__") continue;', "merge(target[key] || (target[key] = {}), value);")), [12]);
});

test("writes through an object made without a prototype, or after an own-key list check, reach no shared prototype", async () => {
  const cache = (init: string) => `function Strings() {
  this.cache = ${init};
}
Strings.prototype.update = function (locale, obj) {
  for (var key in obj) {
    this.cache[locale][key] = obj[key];
  }
};
module.exports = Strings;
`;
  assert.deepEqual(await lines("strings.js", cache("Object.create(null)")), []);
  assert.deepEqual(await lines("strings.js", cache("{}")), [6]);
  const walk = (check: string) => `module.exports = function set(obj, path, value) {
  const parts = path.split(".");
  const last = parts.pop();
  for (const key of parts) {
    ${check}
    obj = obj[key];
  }
  obj[last] = value;
};
`;
  assert.deepEqual(await lines("set.js", walk("if (Object.getOwnPropertyNames(obj).indexOf(key) == -1) return;")), []);
  assert.deepEqual(await lines("set.js", walk("")), [8]);
  assert.deepEqual(await lines("set.js", walk("if (Object.getOwnPropertyNames(other).indexOf(key) == -1) return;")), [8]);
});

test("a recursive merge replacing a target that is no plain object before writing into it enters no constructor: skipping __proto__ suffices", async () => {
  const mutate = (reset: string) => `"use strict";
exports.mutate = function mutate() {
  var target = arguments[0];
  for (var i = 1; i < arguments.length; i++) {
    var source = arguments[i];
    if (exports.is_object_literal(source)) {
      ${reset}
      for (var name in source) {
        if (name === "__proto__") continue;
        target[name] = exports.mutate(target[name], source[name]);
      }
    } else if (source !== void 0) {
      target = source;
    }
  }
  return target;
};
exports.is_object_literal = function is_object_literal(obj) {
  if (_typeof(obj) !== "object" || obj === null) return false;
  return Object.getPrototypeOf(obj) === Object.prototype || Object.getPrototypeOf(obj) === null;
};
`;
  assert.deepEqual(await lines("mixme.js", mutate("if (!exports.is_object_literal(target)) {\n        target = {};\n      }")), []);
  assert.deepEqual(await lines("mixme.js", mutate("if (!target) target = {};")), [10]);
});

test("in a UMD factory, a function handed to a wrapper call (rest(fn)) is its own: path parts of another helper are no keys of its writes", async () => {
  const src = `(function (global, factory) {
  typeof exports === "object" ? (module.exports = factory()) : (global.lib = factory());
})(this, function () {
  function rest(fn) {
    return function () {
      return fn(arguments[0], Array.prototype.slice.call(arguments, 1));
    };
  }
  function toPath(path) {
    return Array.isArray(path) ? path : [path];
  }
  function has(obj, path) {
    path = toPath(path);
    for (var i = 0; i < path.length; i++) {
      var key = path[i];
      if (obj == null) return false;
      obj = obj[key];
    }
    return true;
  }
  var bindAll = rest(function (obj, keys) {
    var index = keys.length;
    while (index--) {
      var key = keys[index];
      obj[key] = obj[key].bind(obj);
    }
    return obj;
  });
  var lib = { has: has, bindAll: bindAll };
  ["map", "filter"].forEach(function (name) {
    lib[name] = function () {};
  });
  return lib;
});
`;
  assert.deepEqual(await lines("lib.js", src), []);
  // The same write keyed by parts of a path it walks itself is reported.
  const walked = src
    .replace("var index = keys.length;", "keys = toPath(keys);\n    var index = keys.length;")
    .replace("var key = keys[index];", "var key = keys[index];\n      obj = obj[key];");
  assert.deepEqual(await lines("lib.js", walked), [27]);
});

test("a key-checking helper declared inside a module factory, or assigned in an if/else, guards the set-by-path that reads through it", async () => {
  const lib = (check: string) => `(function (root, factory) {
  module.exports = factory();
})(this, function () {
  function create(options) {
    var readSafely;
    if (options.inherited) {
      readSafely = function (obj, key) {
        ${check}
        return obj[key];
      };
    } else {
      readSafely = function (obj, key) {
        return Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined;
      };
    }
    function set(obj, path, value) {
      if (typeof path === "string") return set(obj, path.split("."), value);
      var key = path[0];
      var current = readSafely(obj, key);
      if (path.length === 1) {
        obj[key] = value;
        return current;
      }
      if (current === undefined) obj[key] = {};
      return set(obj[key], path.slice(1), value);
    }
    return { set: set };
  }
  return create;
});
`;
  assert.deepEqual(
    await lines("object-path.js", lib("if (key === '__proto__' || key === 'constructor' || key === 'prototype') throw new Error('unsafe key');")),
    [],
  );
  assert.deepEqual(await lines("object-path.js", lib("if (key === '') throw new Error('empty key');")), [24]);
});

test("a comparison, a one-argument call or a key of the target's own is no merge descent; merging source keys into t[key] is", async () => {
  const terms = (body: string) => `export function extend(schema, def) {
  for (const name of Object.keys(def.terms)) {
    ${body}
  }
  return schema;
}
`;
  assert.deepEqual(
    await lines("extend.js", terms("assert(schema.terms[name] === undefined, 'duplicate term', name);\n    schema.terms[name] = def.terms[name];")),
    [],
  );
  assert.deepEqual(await lines("extend.js", terms("merge(schema.terms[name] || {}, def.terms[name]);\n    schema.terms[name] = def.terms[name];")), [3]);
  const cookies = (call: string) => `export function parseAll(obj, source) {
  const names = Object.keys(obj);
  for (let i = 0; i < names.length; i++) {
    const key = names[i];
    const val = ${call};
    if (val) obj[key] = val;
  }
  return obj;
}
`;
  assert.deepEqual(await lines("cookies.js", cookies("parseJson(obj[key])")), []);
  const fromSource = `export function mergeAll(target, source) {
  const names = Object.keys(source);
  for (let i = 0; i < names.length; i++) {
    const key = names[i];
    target[key] = merge(target[key], source[key]);
  }
  return target;
}
`;
  assert.deepEqual(await lines("merge.js", fromSource), [5]);
});

test("o[CONSTANT][key] = v picks an object of the program's own (a symbol-keyed map); o[sourceKey][key] = v reaches any", async () => {
  const headers = (outer: string) => `const MAP = Symbol("map");
export function fill(headers, init) {
  for (const name of Object.keys(init)) {
    for (const group of Object.keys(init[name])) headers[${outer}][name] = [init[name][group]];
  }
  return headers;
}
`;
  assert.deepEqual(await lines("headers.js", headers("MAP")), []);
  assert.deepEqual(await lines("headers.js", headers("group")), [4]);
});

test("a __proto__-skipping walk that reads the next step's type tag and replaces or refuses what is no plain object is silent", async () => {
  const expand = (skip: string, handle: string) => `module.exports = function expand(flatObject, separator) {
  const out = {};
  Object.keys(flatObject).forEach(function (dotted) {
    const steps = dotted.split(separator || ".");
    let head = steps.shift();
    let next = steps[0];
    let node = out;
    while (next !== undefined) {
      ${skip}
      const tag = Object.prototype.toString.call(node[head]);
      const plain = tag === "[object Object]" || tag === "[object Array]";
      ${handle}
      node = node[head];
      head = steps.shift();
      next = steps[0];
    }
    node[head] = flatObject[dotted];
  });
  return out;
};
`;
  const skip = 'if (head === "__proto__") return;';
  const replace = "if (!plain) { node[head] = /^\\d+$/.test(next) ? [] : {}; }";
  const refuse = "if (!plain && node[head] !== undefined) return;\n      if (node[head] === undefined) node[head] = {};";
  assert.deepEqual(await lines("expand.js", expand(skip, replace)), []);
  assert.deepEqual(await lines("expand.js", expand(skip, refuse)), []);
  // The tag read but only missing values replaced: `constructor` is entered, and then its prototype.
  assert.deepEqual(await lines("expand.js", expand(skip, "if (node[head] == null) node[head] = {};")), [17]);
  assert.deepEqual(await lines("expand.js", expand("", replace)), [17]);
});

test("a path walk skipping every own name of Object.prototype (a list from getOwnPropertyNames) is silent; Object.keys of it lists none", async () => {
  const nest = (list: string) => `const INHERITED = ${list};

module.exports = function nest(fields) {
  const out = {};
  for (const name of Object.keys(fields)) {
    const parts = name.replace(/\\]/g, "").split(/[.[]/);
    let cur = out;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      if (INHERITED.includes(part)) continue;
      if (i === parts.length - 1) cur[part] = fields[name];
      else {
        if (!cur[part]) cur[part] = {};
        cur = cur[part];
      }
    }
  }
  return out;
};
`;
  assert.deepEqual(await lines("nest.js", nest("Object.getOwnPropertyNames(Object.prototype)")), []);
  // Object.prototype's names are not enumerable: Object.keys lists none of them.
  assert.deepEqual(await lines("nest.js", nest("Object.keys(Object.prototype)")), [13]);
});

test("a TypeScript merge that casts the target before descending (`merge(t[key] as Obj, v)`) is reported; guarded, it is not", async () => {
  const cast = (guard: string) => `type Obj = Record<string, unknown>;
export function deepMerge(target: Obj, source: Obj): Obj {
  for (const [key, value] of Object.entries(source)) {
    ${guard}
    if (typeof value === "object" && value !== null) {
      if (typeof (target as Obj)[key] !== "object") (target as Obj)[key] = {};
      deepMerge((target as Obj)[key] as Obj, value as Obj);
    } else (target as Obj)[key] = value;
  }
  return target;
}
`;
  assert.deepEqual(await lines("merge.ts", cast("")), [7]);
  assert.deepEqual(await lines("merge.ts", cast('if (key === "__proto__" || key === "constructor") continue;')), []);
});

test("a set-by-path walk written `cur = (cur[p] ??= {}) as Obj` with `parts.pop()!` is reported; over a null-prototype root it is not", async () => {
  const set = (init: string) => `export function setPath(obj: Record<string, unknown>, dotted: string, value: unknown): void {
  const parts = dotted.split(".");
  const last = parts.pop()!;
  let cur = ${init};
  for (const p of parts) cur = (cur[p] ??= {}) as Record<string, unknown>;
  cur[last] = value;
}
`;
  assert.deepEqual(await lines("set.ts", set("obj")), [6]);
  assert.deepEqual(await lines("set.ts", set("Object.create(null)")), []);
});

test("refusing every key that starts with `__` names __proto__: with constructor refused too the merge is silent; without it, not", async () => {
  const m = (guard: string) => `export function merge(t: any, s: any) {
  Object.keys(s).forEach((k) => {
    if (${guard}) return;
    if (typeof s[k] === "object") { t[k] = t[k] || {}; merge(t[k], s[k]); } else t[k] = s[k];
  });
  return t;
}
`;
  assert.deepEqual(await lines("merge.ts", m('k.startsWith("__") || k === "constructor"')), []);
  assert.deepEqual(await lines("merge.ts", m('k.startsWith("__")')), [4]);
});

test("a walk that creates each missing step as its own key (`if (!hasOwn(cur, parts[i])) cur[parts[i]] = {}`) never enters an inherited object", async () => {
  const set = (check: string) => `export function set(obj: any, path: string, val: unknown) {
  const parts = path.split(".");
  let cur = obj;
  for (let i = 0; i < parts.length - 1; i++) {
    if (${check}) cur[parts[i]] = {};
    cur = cur[parts[i]];
  }
  cur[parts[parts.length - 1]] = val;
}
`;
  assert.deepEqual(await lines("set.ts", set("!Object.prototype.hasOwnProperty.call(cur, parts[i])")), []);
  assert.deepEqual(await lines("set.ts", set("!cur[parts[i]]")), [8]);
});

// A guarded walk and a helper that refuses the keys itself are not reported.
test("a set-by-path walk writing through the file's own helper (`assignValue(nested, key, v)`) is reported at the call", async () => {
  const src = (guard: string, writer: string) => `function assignValue(object, key, value) {
  ${writer}
}
function baseSet(object, path, value) {
  const parts = path.split(".");
  let nested = object;
  for (let i = 0; i < parts.length; i++) {
    const key = parts[i];
    ${guard}
    assignValue(nested, key, i === parts.length - 1 ? value : nested[key] || {});
    nested = nested[key];
  }
  return object;
}
module.exports = { set: baseSet };
`;
  assert.deepEqual(await lines("lib/set.js", src("", "object[key] = value;")), [10]);
  assert.deepEqual(await lines("lib/set.js", src('if (key === "__proto__" || key === "constructor") return object;', "object[key] = value;")), []);
  const refusing = 'if (key === "__proto__" || key === "constructor" || key === "prototype") return;\n  object[key] = value;';
  assert.deepEqual(await lines("lib/set.js", src("", refusing)), []);
  // A helper handing its target and key on to the writer writes too.
  const chained = `${src("", "baseAssign(object, key, value);")}function baseAssign(o, k, v) {\n  o[k] = v;\n}\n`;
  assert.deepEqual(await lines("lib/set.js", chained), [10]);
});

test("a library's isPrototype(value) type test is no key check: a walk in a file that calls it is still reported", async () => {
  const src = `function isPrototype(value) {
  var Ctor = value && value.constructor;
  return value === ((typeof Ctor == "function" && Ctor.prototype) || Object.prototype);
}
function keys(object) {
  return isPrototype(object) ? [] : Object.keys(object);
}
function set(object, path, value) {
  var parts = path.split("."), nested = object;
  for (var i = 0; i < parts.length - 1; i++) nested = nested[parts[i]] = nested[parts[i]] || {};
  nested[parts[parts.length - 1]] = value;
  return keys(object).length ? object : null;
}
module.exports = { set: set };
`;
  assert.deepEqual(await lines("lib/set.js", src), [11]);
});

// A local list without the dangerous names is no guard, whatever its name.
test("keys checked against an imported set named for the dangerous keys (`specialProperties.has(key)`) are guarded", async () => {
  const merge = (head: string, check: string) => `${head}
function merge(to, from) {
  for (const key of Object.keys(from)) {
    if (${check}) continue;
    if (to[key] && typeof from[key] === "object") merge(to[key], from[key]);
    else to[key] = from[key];
  }
  return to;
}
module.exports = merge;
`;
  assert.deepEqual(await lines("lib/merge.js", merge('const specialProperties = require("./specialProperties");', "specialProperties.has(key)")), []);
  assert.deepEqual(await lines("lib/merge.js", merge('const utils = require("./utils");', "utils.FORBIDDEN_KEYS.includes(key)")), []);
  assert.deepEqual(await lines("lib/merge.js", merge('const specialProperties = new Set(["_id", "__v"]);', "specialProperties.has(key)")), [5]);
  assert.deepEqual(await lines("lib/merge.js", merge('const opts = require("./opts");', "opts.skip.has(key)")), [5]);
});

// A path compiler: `const parts = normalizePath(path); return (data, v) => …`; guarded, it is not reported.
test("a path compiler's setter walking the parts split in the function around it is reported", async () => {
  const src = (guard: string) => `function normalizePath(path) {
  return path.split(".");
}
exports.setter = function (path) {
  const parts = normalizePath(path);
  return function setter(data, value) {
    let index = 0;
    while (index < parts.length - 1) {
      ${guard}
      data = data[parts[index++]];
    }
    data[parts[index]] = value;
  };
};
`;
  assert.deepEqual(await lines("lib/expr.js", src("")), [12]);
  assert.deepEqual(await lines("lib/expr.js", src('if (["__proto__", "constructor", "prototype"].includes(parts[index])) return;')), []);
});
