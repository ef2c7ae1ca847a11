// The schema of a language's taint rules (src/review/rules/<language>/taint.yml): what rules.ts validates before it compiles them.
import { z } from "zod";
import { taintClasses } from "./classes.ts";

const callList = z
  .array(z.string().min(1))
  .describe("Callees: `name` (a plain call), `a.b` (exact callee text), `.m` or `.x().m` (suffix: any receiver), `new T` (constructor)");

const paramRule = z
  .object({
    names: z.array(z.string()).optional().describe("Regexes a parameter's name must match (whole name)"),
    types: z.array(z.string()).optional().describe("Regexes the parameter's declared type must match (whole type text)"),
    annotations: z.array(z.string()).optional().describe("Java: annotation names on the parameter, e.g. RequestParam"),
    decorators: z.array(z.string()).optional().describe("Python: regexes on the function's decorators; every parameter of a matching function is a source"),
    after: z
      .array(z.string())
      .optional()
      .describe(
        "Python: regexes (whole name); every parameter after one named so is a source, `*args` and `**kwargs` included " +
          "(Django hands a view the values its URL pattern captured after `request`), in a function shaped as a view (a handler " +
          "method such as get or retrieve, a decorated function, or one returning a response); not in one whose name starts with `_`",
      ),
    exceptTypes: z.array(z.string()).optional().describe("Regexes of declared types that make the parameter clean (integers, booleans)"),
    routeVariables: z
      .boolean()
      .optional()
      .describe(
        "Python, with `decorators`: only the parameters the matching decorator names as URL variables (`<name>`, `<path:name>`) are sources; " +
          "one with a number, uuid, date or `any(…)` converter is not",
      ),
    exceptBefore: z
      .array(z.string())
      .optional()
      .describe("Regexes (whole name): the parameter is none when the function's next parameter is named so (`fetch(request, options)`: a request it sends)"),
    members: z
      .array(z.string())
      .optional()
      .describe(
        "The members that carry the request (a Koa context's query, params, request); any other member is the program's own (a parser's " +
          "ctx.doc): omitted = every member",
      ),
  })
  .describe("Function parameters the framework fills from the request");

const callbackRule = z
  .object({
    calls: callList.describe("Calls the callback is handed to"),
    when: z
      .object({ arg: z.number().int().min(0), equals: z.string() })
      .optional()
      .describe('Only where this positional argument is this literal (`.on("entry", cb)`)'),
    whenNot: z
      .object({ arg: z.number().int().min(0), equals: z.array(z.string()) })
      .optional()
      .describe('Not where this positional argument is one of these literals (`socket.on("disconnect", cb)`: the server\'s own event)'),
    keys: z
      .array(z.string())
      .optional()
      .describe("The callback is the value of one of these keys of an object argument (`tar.t({ onentry })`); omitted: a positional argument"),
    params: z.array(z.number().int().min(0)).describe("The callback's parameters that receive the data"),
    members: z
      .array(z.string())
      .optional()
      .describe("The members of such a parameter that carry the data (an archive entry's path and name, not its size); omitted: the whole value"),
  })
  .describe("Callbacks a library hands untrusted data to (an archive reader's entries)");

const sourceRule = z
  .object({
    id: z.string().describe("Short identifier shown in the flow"),
    description: z.string().optional().describe("What the source is"),
    enabled: z.boolean().default(true).describe("Disabled sources are documented but not used (e.g. environment variables)"),
    confidence: z
      .enum(["high", "medium", "low"])
      .default("high")
      .describe("Confidence of findings whose flow starts here; file and database reads are weaker sources"),
    params: paramRule.optional(),
    paths: z.array(z.string()).optional().describe("Member paths of globals that are tainted, e.g. process.argv; matched as a prefix"),
    calls: callList.optional().describe("Calls whose return value is tainted"),
    callbacks: z.array(callbackRule).optional().describe("Callbacks whose parameters are tainted"),
    fileContains: z
      .array(z.string())
      .optional()
      .describe(
        "Regexes one of which a file must match for this source to be looked for (the names of the libraries that make it); other files " +
          "are analysed with rules without it",
      ),
    unlessFile: z
      .array(z.string())
      .optional()
      .describe("With fileContains: regexes any of which, matched by a file, leave this source out of it (a crawler's module: its request is one it sends)"),
    shellOnly: z
      .boolean()
      .default(false)
      .describe(
        "The process's own arguments: at a sink that runs a program without a shell (`noShell`) they are handed on as the " +
          "arguments they already were (a reloader re-running itself, a wrapper running the command it was given): command injection " +
          "only through a shell or a command string",
      ),
    fixedPathSafe: z
      .boolean()
      .default(false)
      .describe(
        "A call whose path (first argument, or the receiver of a method such as Path(p).read_text) is fixed text of the program reads the " +
          "program's own file: no source",
      ),
    classes: z
      .array(z.enum(taintClasses))
      .optional()
      .describe("Classes whose sinks this source's values reach (insecure-random for a predictable generator); omitted = every class but insecure-random"),
  })
  .describe("An untrusted source");

const literalArg = z.object({
  arg: z.number().int().min(0).optional().describe("Positional argument that must have the literal value"),
  keyword: z.string().optional().describe("Keyword argument (Python) that must have the literal value"),
  equals: z.string().describe("Literal text compared without quotes, e.g. -c or True"),
});

/** An argument's source text tested by a regex (a sink's `unlessArg`/`ifArg`, a sanitizer's `argMatches`). */
const argText = z.object({
  arg: z.number().int().min(0).describe("Positional argument whose source text is tested"),
  regex: z.string().describe("Regex on the argument's text, e.g. a negated character class /[^a-z0-9]/g or a program's name"),
});

const sinkRule = z
  .object({
    class: z.enum(taintClasses).describe("Injection class reported when tainted data reaches the sink"),
    description: z.string().optional().describe("Why these calls are sinks, for readers of the rule file"),
    calls: callList.optional(),
    args: z.array(z.number().int().min(0)).optional().describe("Argument positions that must not be tainted; omitted = every argument"),
    keywords: z
      .array(z.string())
      .optional()
      .describe("Keyword arguments (Python) that must not be tainted, besides `args` (`.extra(where=[…])`; its `params` are bound data)"),
    assigns: z.array(z.string()).optional().describe("Property names whose assignment is a sink, e.g. innerHTML; `a.b` means the exact left-hand text"),
    receiver: z.boolean().optional().describe("The call's receiver is also a sink position (e.g. a tainted query object)"),
    code: z
      .boolean()
      .optional()
      .describe(
        "The argument is run as code (MongoDB $where): a string is as dangerous as an object, so what only rules out operator objects (a " +
          "typeof string check, a template) does not make it safe",
      ),
    readOnly: z
      .array(z.string())
      .optional()
      .describe("Methods that only read the value the call makes: where its result is used at once for one (`new URL(u).getHost()`), the call is no sink"),
    calledAtOnce: z
      .boolean()
      .optional()
      .describe("The call is a sink only when what it returns is called at once (`getattr(handler, action)(…)`): an attribute read is not a method run"),
    computedCalls: z
      .boolean()
      .optional()
      .describe(
        "JavaScript: a call through a computed member (`handlers[name](…)`, its `.call`/`.apply`) is this sink, its key the one argument " +
          "(position 0, for `args` and `unlessArg`): the key picks which function runs",
      ),
    noShell: z
      .boolean()
      .optional()
      .describe("The call runs a program without a shell (spawn, execFile): a `shellOnly` source's values reach it as the arguments they were"),
    argv: z
      .boolean()
      .optional()
      .describe("The positions take an argument vector run without a shell: an array literal with a fixed program other than a shell or interpreter is safe"),
    when: literalArg.optional().describe("The call is a sink only when this argument has this literal value (sh -c, shell=True)"),
    returnFrom: z
      .array(z.string())
      .optional()
      .describe(
        "Python: regexes on decorators; the value a function so decorated returns is a sink (a Flask view's return value is the response " +
          "body). A tuple's first element is the body. Java: one text per method, `class: …` (its class's annotations), `method: …` " +
          "(its own) and `returns: <type>` on three lines",
      ),
    returnPrefix: z
      .string()
      .optional()
      .describe(
        'With returnFrom: the returned string is a sink only after this literal prefix (`return "redirect:" + next`, a Spring view name); ' +
          "a fixed path or host after it, or a return without it, is none",
      ),
    safeContentType: z
      .string()
      .optional()
      .describe('With returnFrom: a regex on the Content-Type a returned tuple\'s headers set (`body, 200, {"Content-Type": …}`) that makes its body no sink'),
    ignoreKinds: z.array(z.string()).optional().describe("Argument node kinds that are safe at this sink, e.g. object (serialized as JSON)"),
    formatSafe: z
      .array(z.string())
      .optional()
      .describe("printf-style sinks: conversions of a literal format string (first argument) whose argument is written safely (j, o, d)"),
    objectKeys: z
      .array(z.string())
      .optional()
      .describe(
        "An object literal given at a sink position is a sink through these keys only (`query({ sql, values })`: the text is `sql`, the bound " +
          "`values` are data)",
      ),
    keyedOnly: z
      .boolean()
      .optional()
      .describe(
        "With objectKeys: an argument that is no object literal is a sink only where the code is seen giving it one of the keys " +
          "(`h.Location = …`, `const h = { Location: … }`); a headers object a helper built holds what the helper put in it",
      ),
    unlessArg: argText
      .extend({
        keyword: z.string().optional().describe("Python: the same argument passed by this keyword (`yaml.load(s, Loader=SafeLoader)`)"),
      })
      .optional()
      .describe(
        "The call is no sink when this argument's text matches (`yaml.load(s, { schema: JSON_SCHEMA })` builds no code); a class the file " +
          "declares is tested by its bases too (`class Loader(yaml.SafeLoader)`)",
      ),
    fromLibrary: z
      .boolean()
      .optional()
      .describe(
        "Reported from library input even for a class it does not cause (`exceptClasses`): a component that writes its caller's text into " +
          "the page as HTML (`el.innerHTML = title`) is the bug, whoever calls it",
      ),
    notFromLibrary: z
      .boolean()
      .optional()
      .describe(
        "Not reported from library input: a package's copy or move of the paths its caller gave is the operation it was asked for " +
          "(a request's path there is still reported)",
      ),
    callersOwn: z
      .boolean()
      .optional()
      .describe(
        "A library entry's parameter handed to this sink as its caller gave it is the caller's to choose (a template a rendering library is " +
          "asked to compile); one the library builds from it is still reported",
      ),
    ifArg: argText.optional().describe('The call is a sink only when this argument\'s text matches (`subprocess.run(["git", …])`: the program the list runs)'),
    fileContains: z.array(z.string()).optional().describe("Regexes one of which the file must match, e.g. the module a plain `exec` is imported from"),
    gateRules: z
      .boolean()
      .optional()
      .describe(
        "With fileContains: tested once per file before anything is scanned, and a file matching none has rules without this sink (its " +
          "calls are no candidates there): for sinks named by common words (Prisma's `.update`, TypeORM's `.where`)",
      ),
    exceptReceivers: z
      .array(z.string())
      .optional()
      .describe("Regexes (whole text) of receivers that make a method call no sink: the application's own layer (`itemsService.deleteMany`)"),
    unless: z.array(z.string()).optional().describe("Regexes on the enclosing function's text that make the call safe (a hardened XML parser)"),
  })
  .describe("A dangerous operation");

const sanitizerRule = z
  .object({
    description: z.string().optional().describe("Why these calls make a value safe"),
    calls: callList,
    when: literalArg.optional().describe('Only with this literal argument, e.g. .replace("\'", "&apos;") for XPath string literals'),
    argMatches: z
      .union([argText, z.array(argText).min(1)])
      .optional()
      .describe('Only when this argument\'s text also matches, e.g. .replace(/[^a-z0-9]/g, "") removes every other character; a list: every one must match'),
    keywordMatches: z
      .object({
        keyword: z.string().describe("Keyword argument (Python) whose source text is tested"),
        regex: z.string().describe("Regex on its text, quotes included, e.g. a non-HTML content type"),
      })
      .optional()
      .describe('Only when the call passes this keyword argument and its text matches (`Response(body, mimetype="text/plain")`)'),
    classes: z.array(z.enum(taintClasses)).optional().describe("Classes the sanitizer protects against; omitted = all but insecure-random"),
    tagged: z.boolean().optional().describe("JavaScript: only as a template tag (SQL`…`), which receives the interpolated values apart from the text"),
    exceptReceivers: z
      .array(z.string())
      .optional()
      .describe("Regexes (whole text) of receivers whose method of that name is no sanitizer (a request's `query()` reads the query string)"),
    fileContains: z
      .array(z.string())
      .optional()
      .describe("Regexes one of which the file must match: the framework whose call of that name sanitizes (Django's template `render` escapes)"),
    unlessFile: z
      .array(z.string())
      .optional()
      .describe("Regexes any of which, matched by the file, make these calls no sanitizer there (a module that imports Jinja2 itself)"),
  })
  .describe("Calls whose return value is safe");

const libraryRule = z
  .object({
    id: z.string().default("library-input").describe("Source id shown in the flow"),
    description: z.string().optional().describe("Which functions are entry points, for readers of the rule file"),
    confidence: z.enum(["high", "medium", "low"]).default("low").describe("Confidence of findings whose flow starts at a library entry's parameter"),
    fileContains: z
      .array(z.string())
      .default([])
      .describe("Regexes one of which the file must match for any of its functions to be an entry point (`export`, `def`)"),
    unlessFile: z
      .array(z.string())
      .default([])
      .describe("Regexes that mark a file as an application module (a web framework import): its handlers are the entry points, not its functions"),
    unlessPath: z
      .array(z.string())
      .default([])
      .describe("Regexes on the file's path that mark it as no part of a library's interface (tests, fixtures, examples, benchmarks)"),
    exceptTypes: z.array(z.string()).default([]).describe("Regexes of declared parameter types that carry no string (number, int, bool)"),
    exceptClasses: z
      .array(z.enum(taintClasses))
      .default([])
      .describe(
        "Classes library input does not cause: a caller's value in its own log, a URL an HTTP client is given to fetch, HTML a rendering " +
          "helper is given to render are what the caller asked for",
      ),
    settings: z
      .array(
        z.object({
          names: z.array(z.string()).describe("Regexes a parameter's whole name matches"),
          classes: z.array(z.enum(taintClasses)).describe("Classes such a parameter does not cause"),
        }),
      )
      .default([])
      .describe("Parameters that by their name are the developer's settings rather than data (a served `root` directory is no path traversal)"),
  })
  .describe(
    "Parameters of a module's public functions (exported functions, public methods of exported classes; Python public module-level functions " +
      "and methods) are library input: a caller outside the package controls them",
  );

export const taintRuleFile = z
  .object({
    language: z.string().describe("Engine language id"),
    extends: z.string().optional().describe("Language whose taint.yml is loaded first; this file's lists are appended"),
    unknownCalls: z
      .enum(["propagate", "clean"])
      .optional()
      .describe("Return value of an unknown call: tainted if any argument is (propagate, default) or clean"),
    sources: z.array(sourceRule).default([]).describe("Untrusted sources"),
    sinks: z.array(sinkRule).default([]).describe("Sinks per injection class"),
    sanitizers: z.array(sanitizerRule).default([]).describe("Sanitizers and safe conversions"),
    guards: callList.default([]).describe("Allow-list checks: identifiers passed to a matching call are clean where the call returned true"),
    readReceiver: z
      .array(z.string())
      .default([])
      .describe("Method names whose result comes from the receiver only (map.get(key)): a tainted key does not taint the value"),
    readFirst: z
      .array(z.string())
      .default([])
      .describe("Functions whose result is read from their first argument (and a default after the key), not the key: getattr(obj, name, default)"),
    writeReceiver: z.array(z.string()).default([]).describe("Method names that store their arguments into the receiver (push, append, put)"),
    outArgs: z.array(z.string()).default([]).describe("Method names that write into pointer/reference arguments (Decode, Scan, ShouldBind)"),
    cleanMembers: z.array(z.string()).default([]).describe("Members that are safe even on tainted data (length, size)"),
    inertKeywords: z
      .array(z.string())
      .default([])
      .describe("Keyword arguments an unknown call does not hand back (a command's `cwd=`, a `timeout=`): its result is not tainted by them"),
    terminalCalls: callList.default([]).describe("Calls that never return (ctx.throw, process.exit): the code after them is not reached"),
    trustedParamMembers: z
      .array(z.string())
      .default([])
      .describe(
        "Members of a framework parameter that the server sets, not the caller (req.session, req.user): clean although the parameter is a " +
          "source; `param.member` names one parameter's (ctx.body)",
      ),
    textParamMembers: z
      .array(z.string())
      .default([])
      .describe(
        "Members of a request source that only ever hold text (Express's req.params and req.headers, Flask's request.args): no operator " +
          "object a NoSQL query would read, and text for every other class",
      ),
    library: libraryRule.optional(),
  })
  .describe("One language's taint configuration");
export type TaintRuleFile = z.infer<typeof taintRuleFile>;
