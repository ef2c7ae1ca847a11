// Generated Python, Go and Java for bench:engine, in two shapes (deterministic: same files every run).
// - handlers: 20-line HTTP handlers, every one passing request input to a shell or SQL sink. A stress
//   test for taint (every function is walked) and for per-file costs, not typical code.
// - modules: 60-400-line modules of ordinary code (data classes, loops, string and collection work,
//   error handling), about one function in twelve an HTTP handler with a source and a sink, some
//   sanitized; closer to what a repository holds.
import type { SourceFile } from "../src/review/types.ts";

const lineCount = (s: string) => {
  let n = 0;
  for (let i = s.indexOf("\n"); i >= 0; i = s.indexOf("\n", i + 1)) n++;
  return n;
};

const py = (i: number) =>
  `import os, subprocess, hashlib\nfrom flask import request\n\ndef view_${i}(user_id):\n    name = request.args.get("name")\n    total = 0\n    for k in ` +
  `range(${i % 50}):\n        total += k * 2\n    if total > 10:\n        os.system("echo " + name)\n    digest = ` +
  `hashlib.sha256(name.encode()).hexdigest()\n    return {"id": user_id, "total": total, "digest": digest}\n\nclass Service${i}:\n    def __init__(self, ` +
  `db):\n        self.db = db\n\n    def find(self, key):\n        cur = self.db.cursor()\n        cur.execute("SELECT * FROM t WHERE k = %s", (key,))\n   ` +
  `     return cur.fetchall()\n`;
const go = (i: number) =>
  `package svc${i % 20}\n\nimport (\n\t"fmt"\n\t"net/http"\n\t"os/exec"\n)\n\nfunc Handler${i}(w http.ResponseWriter, r *http.Request) {\n\tname := ` +
  `r.URL.Query().Get("name")\n\ttotal := 0\n\tfor k := 0; k < ${i % 50}; k++ {\n\t\ttotal += k * 2\n\t}\n\tif total > 10 {\n\t\texec.Command("sh", "-c", ` +
  `"echo "+name).Run()\n\t}\n\tfmt.Fprintf(w, "%d", total)\n}\n\ntype Store${i} struct{ items map[string]int }\n\nfunc (s *Store${i}) Get(k string) (int, ` +
  `bool) {\n\tv, ok := s.items[k]\n\treturn v, ok\n}\n`;
const java = (i: number) =>
  `package svc;\n\nimport java.sql.*;\nimport javax.servlet.http.*;\n\npublic class Handler${i} extends HttpServlet {\n  private final Connection conn;\n\n  ` +
  `public Handler${i}(Connection conn) { this.conn = conn; }\n\n  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws Exception ` +
  `{\n    String name = req.getParameter("name");\n    int total = 0;\n    for (int k = 0; k < ${i % 50}; k++) { total += k * 2; }\n    Statement st = ` +
  `conn.createStatement();\n    if (total > 10) { st.executeQuery("SELECT * FROM t WHERE n = '" + name + "'"); }\n    resp.getWriter().print(total);\n  }\n` +
  `}\n`;

/** A small deterministic generator (mulberry32): the corpus is the same on every run. */
function rng(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
}

const words = ["order", "item", "user", "price", "count", "total", "name", "entry", "record", "value", "limit", "score", "batch", "token", "region", "status"];

function pyModule(i: number, r: (n: number) => number): string {
  const w = () => words[r(words.length)]!;
  const out = [
    `"""Module ${i}: ${w()} and ${w()} helpers."""`,
    "import json",
    "import logging",
    "from dataclasses import dataclass, field",
    "from flask import request",
    "import subprocess",
    "",
    "log = logging.getLogger(__name__)",
    "",
  ];
  for (let f = 0, n = 4 + r(30); f < n; f++) {
    const a = w(),
      b = w();
    switch (r(12)) {
      case 0:
        out.push(
          `def handle_${a}_${f}():`,
          `    ${a} = request.args.get("${a}", "")`,
          r(2)
            ? `    subprocess.run(["grep", ${a}, "/var/log/app.log"], check=False)`
            : `    subprocess.call("grep " + ${a} + " /var/log/app.log", shell=True)`,
          `    return json.dumps({"${a}": ${a}})`,
          "",
        );
        break;
      case 1:
      case 2:
        out.push(
          "@dataclass",
          `class ${a[0]!.toUpperCase()}${a.slice(1)}${f}:`,
          `    ${a}: str = ""`,
          `    ${b}: int = 0`,
          `    tags: list = field(default_factory=list)`,
          "",
          `    def describe(self) -> str:`,
          `        return f"{self.${a}} ({self.${b}})"`,
          "",
          `    def merge(self, other):`,
          `        self.${b} += other.${b}`,
          `        self.tags.extend(t for t in other.tags if t not in self.tags)`,
          `        return self`,
          "",
        );
        break;
      case 3:
      case 4:
        out.push(
          `def summarize_${a}_${f}(rows, limit=${10 + r(90)}):`,
          `    totals = {}`,
          `    for row in rows[:limit]:`,
          `        key = row.get("${a}") or "unknown"`,
          `        totals[key] = totals.get(key, 0) + row.get("${b}", 0)`,
          `    ranked = sorted(totals.items(), key=lambda kv: kv[1], reverse=True)`,
          `    log.debug("summarized %d rows", len(rows))`,
          `    return ranked`,
          "",
        );
        break;
      case 5:
      case 6:
        out.push(
          `def parse_${a}_${f}(text):`,
          `    try:`,
          `        data = json.loads(text)`,
          `    except ValueError as exc:`,
          `        log.warning("bad ${a}: %s", exc)`,
          `        return None`,
          `    if not isinstance(data, dict):`,
          `        return None`,
          `    return {k.strip().lower(): v for k, v in data.items() if v is not None}`,
          "",
        );
        break;
      default:
        out.push(
          `def ${a}_${b}_${f}(values, factor=${1 + r(9)}):`,
          `    result = []`,
          `    for index, v in enumerate(values):`,
          `        if index % ${2 + r(5)} == 0:`,
          `            continue`,
          `        scaled = v * factor`,
          `        result.append(scaled if scaled < ${100 + r(900)} else scaled // 2)`,
          `    return result`,
          "",
        );
    }
  }
  return `${out.join("\n")}\n`;
}

function goModule(i: number, r: (n: number) => number): string {
  const w = () => words[r(words.length)]!;
  const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
  const out = [
    `// Package svc${i % 40} holds ${w()} helpers.`,
    `package svc${i % 40}`,
    "",
    "import (",
    '\t"database/sql"',
    '\t"encoding/json"',
    '\t"errors"',
    '\t"net/http"',
    '\t"sort"',
    '\t"strings"',
    ")",
    "",
    'var errEmpty = errors.New("empty")',
    "",
  ];
  for (let f = 0, n = 4 + r(26); f < n; f++) {
    const a = w(),
      b = w();
    switch (r(12)) {
      case 0:
        out.push(
          `func Handle${cap(a)}${f}(db *sql.DB, w http.ResponseWriter, r *http.Request) {`,
          `\t${a} := r.URL.Query().Get("${a}")`,
          r(2)
            ? `\trows, err := db.Query("SELECT id FROM t WHERE ${a} = $1", ${a})`
            : `\trows, err := db.Query("SELECT id FROM t WHERE ${a} = '" + ${a} + "'")`,
          `\tif err != nil {`,
          `\t\thttp.Error(w, "failed", http.StatusInternalServerError)`,
          `\t\treturn`,
          `\t}`,
          `\tdefer rows.Close()`,
          `\tjson.NewEncoder(w).Encode(map[string]string{"${a}": ${a}})`,
          `}`,
          "",
        );
        break;
      case 1:
      case 2:
        out.push(
          `type ${cap(a)}${f} struct {`,
          `\t${cap(a)} string \`json:"${a}"\``,
          `\t${cap(b)} int    \`json:"${b}"\``,
          `\tTags  []string`,
          `}`,
          "",
          `func (x *${cap(a)}${f}) Describe() string {`,
          `\treturn strings.TrimSpace(x.${cap(a)}) + " " + strings.Join(x.Tags, ",")`,
          `}`,
          "",
        );
        break;
      case 3:
      case 4:
        out.push(
          `func Summarize${cap(a)}${f}(rows []map[string]int) []string {`,
          `\ttotals := map[string]int{}`,
          `\tfor _, row := range rows {`,
          `\t\tfor k, v := range row {`,
          `\t\t\ttotals[k] += v`,
          `\t\t}`,
          `\t}`,
          `\tkeys := make([]string, 0, len(totals))`,
          `\tfor k := range totals {`,
          `\t\tkeys = append(keys, k)`,
          `\t}`,
          `\tsort.Strings(keys)`,
          `\treturn keys`,
          `}`,
          "",
        );
        break;
      case 5:
      case 6:
        out.push(
          `func Parse${cap(a)}${f}(text string) (map[string]any, error) {`,
          `\tif strings.TrimSpace(text) == "" {`,
          `\t\treturn nil, errEmpty`,
          `\t}`,
          `\tvar out map[string]any`,
          `\tif err := json.Unmarshal([]byte(text), &out); err != nil {`,
          `\t\treturn nil, err`,
          `\t}`,
          `\treturn out, nil`,
          `}`,
          "",
        );
        break;
      default:
        out.push(
          `func Scale${cap(a)}${cap(b)}${f}(values []int, factor int) []int {`,
          `\tresult := make([]int, 0, len(values))`,
          `\tfor i, v := range values {`,
          `\t\tif i%${2 + r(5)} == 0 {`,
          `\t\t\tcontinue`,
          `\t\t}`,
          `\t\tresult = append(result, v*factor)`,
          `\t}`,
          `\treturn result`,
          `}`,
          "",
        );
    }
  }
  return `${out.join("\n")}\n`;
}

function javaModule(i: number, r: (n: number) => number): string {
  const w = () => words[r(words.length)]!;
  const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
  const cls = `${cap(w())}Service${i}`;
  const out = [
    "package app.service;",
    "",
    "import java.sql.*;",
    "import java.util.*;",
    "import javax.servlet.http.*;",
    "",
    `public class ${cls} {`,
    "  private final Connection conn;",
    "  private final Map<String, Integer> cache = new HashMap<>();",
    "",
    `  public ${cls}(Connection conn) { this.conn = conn; }`,
    "",
  ];
  for (let f = 0, n = 4 + r(26); f < n; f++) {
    const a = w(),
      b = w();
    switch (r(12)) {
      case 0:
        out.push(
          `  public void handle${cap(a)}${f}(HttpServletRequest req, HttpServletResponse resp) throws Exception {`,
          `    String ${a} = req.getParameter("${a}");`,
          r(2)
            ? `    PreparedStatement ps = conn.prepareStatement("SELECT id FROM t WHERE ${a} = ?");\n    ps.setString(1, ${a});\n    ps.executeQuery();`
            : `    Statement st = conn.createStatement();\n    st.executeQuery("SELECT id FROM t WHERE ${a} = '" + ${a} + "'");`,
          `    resp.getWriter().print("ok");`,
          `  }`,
          "",
        );
        break;
      case 1:
      case 2:
        out.push(
          `  public static final class ${cap(a)}${f} {`,
          `    private String ${a};`,
          `    private int ${b};`,
          `    public String get${cap(a)}() { return ${a}; }`,
          `    public void set${cap(a)}(String v) { this.${a} = v; }`,
          `    @Override public String toString() { return ${a} + ":" + ${b}; }`,
          `  }`,
          "",
        );
        break;
      case 3:
      case 4:
        out.push(
          `  public List<String> summarize${cap(a)}${f}(List<Map<String, Integer>> rows) {`,
          `    Map<String, Integer> totals = new TreeMap<>();`,
          `    for (Map<String, Integer> row : rows) {`,
          `      for (Map.Entry<String, Integer> e : row.entrySet()) {`,
          `        totals.merge(e.getKey(), e.getValue(), Integer::sum);`,
          `      }`,
          `    }`,
          `    return new ArrayList<>(totals.keySet());`,
          `  }`,
          "",
        );
        break;
      case 5:
      case 6:
        out.push(
          `  public int cached${cap(a)}${f}(String key) {`,
          `    Integer hit = cache.get(key);`,
          `    if (hit != null) {`,
          `      return hit;`,
          `    }`,
          `    int value = key.trim().length() * ${1 + r(9)};`,
          `    cache.put(key, value);`,
          `    return value;`,
          `  }`,
          "",
        );
        break;
      default:
        out.push(
          `  public int[] scale${cap(a)}${cap(b)}${f}(int[] values, int factor) {`,
          `    int[] result = new int[values.length];`,
          `    for (int i = 0; i < values.length; i++) {`,
          `      result[i] = i % ${2 + r(5)} == 0 ? values[i] : values[i] * factor;`,
          `    }`,
          `    return result;`,
          `  }`,
          "",
        );
    }
  }
  out.push("}");
  return `${out.join("\n")}\n`;
}

/** `lines` of generated files of one shape, Python, Go and Java in turn. */
export function generated(shape: "handlers" | "modules", lines: number): SourceFile[] {
  const out: SourceFile[] = [];
  const r = rng(42);
  let n = 0;
  const kinds =
    shape === "handlers"
      ? ([
          ["py", py],
          ["go", go],
          ["java", java],
        ] as const)
      : ([
          ["py", (i: number) => pyModule(i, r)],
          ["go", (i: number) => goModule(i, r)],
          ["java", (i: number) => javaModule(i, r)],
        ] as const);
  for (let i = 0; n < lines; i++) {
    for (const [ext, f] of kinds) {
      const text = f(i);
      out.push({ path: `gen/${shape}/${ext}/f${i}.${ext}`, content: Buffer.from(text) });
      n += lineCount(text);
    }
  }
  return out;
}

// A Java servlet application: `helpers` shared utility classes (request parsing, SQL, files,
// commands, formatting) and servlets that call them with request input, some through a
// sanitizing helper. The shape of an enterprise web tree whose flows cross files (the cost
// the cross-file analysis adds shows here, not in one-file modules).
const helperKinds = ["Params", "Db", "Files", "Shell", "Text"] as const;

function javaHelper(i: number, r: (n: number) => number): SourceFile {
  const kind = helperKinds[i % helperKinds.length]!;
  const name = `${kind}${Math.floor(i / helperKinds.length)}`;
  const bodies: Record<(typeof helperKinds)[number], string[]> = {
    Params: [
      `  public static String param(HttpServletRequest req, String key) {`,
      `    String v = req.getParameter(key);`,
      `    return v == null ? "" : v.trim();`,
      `  }`,
      "",
      `  public static int intParam(HttpServletRequest req, String key, int dflt) {`,
      `    try {`,
      `      return Integer.parseInt(param(req, key));`,
      `    } catch (NumberFormatException e) {`,
      `      return dflt;`,
      `    }`,
      `  }`,
      "",
      `  public static String safe(String v) {`,
      `    return v.replaceAll("[^A-Za-z0-9_]", "");`,
      `  }`,
    ],
    Db: [
      `  public static ResultSet find(Connection conn, String table, String where) throws SQLException {`,
      `    Statement st = conn.createStatement();`,
      `    return st.executeQuery("SELECT * FROM " + table + " WHERE " + where);`,
      `  }`,
      "",
      `  public static ResultSet byId(Connection conn, String id) throws SQLException {`,
      `    PreparedStatement ps = conn.prepareStatement("SELECT * FROM t${i} WHERE id = ?");`,
      `    ps.setString(1, id);`,
      `    return ps.executeQuery();`,
      `  }`,
    ],
    Files: [
      `  public static String read(String base, String name) throws IOException {`,
      `    File f = new File(base, name);`,
      `    return new String(Files.readAllBytes(f.toPath()), StandardCharsets.UTF_8);`,
      `  }`,
      "",
      `  public static List<String> list(String dir) {`,
      `    List<String> out = new ArrayList<>();`,
      `    File[] entries = new File(dir).listFiles();`,
      `    if (entries == null) {`,
      `      return out;`,
      `    }`,
      `    for (File e : entries) {`,
      `      out.add(e.getName());`,
      `    }`,
      `    return out;`,
      `  }`,
    ],
    Shell: [
      `  public static int run(String cmd) throws IOException, InterruptedException {`,
      `    Process p = Runtime.getRuntime().exec(cmd);`,
      `    return p.waitFor();`,
      `  }`,
      "",
      `  public static int runArgs(String... argv) throws IOException, InterruptedException {`,
      `    return new ProcessBuilder(argv).start().waitFor();`,
      `  }`,
    ],
    Text: [
      `  public static String join(List<String> parts, String sep) {`,
      `    StringBuilder sb = new StringBuilder();`,
      `    for (int k = 0; k < parts.size(); k++) {`,
      `      if (k > 0) {`,
      `        sb.append(sep);`,
      `      }`,
      `      sb.append(parts.get(k));`,
      `    }`,
      `    return sb.toString();`,
      `  }`,
      "",
      `  public static String pad(String s, int width) {`,
      `    StringBuilder sb = new StringBuilder(s);`,
      `    while (sb.length() < width + ${r(5)}) {`,
      `      sb.append(' ');`,
      `    }`,
      `    return sb.toString();`,
      `  }`,
    ],
  };
  const text = [
    "package app.util;",
    "",
    "import java.io.*;",
    "import java.nio.charset.StandardCharsets;",
    "import java.nio.file.Files;",
    "import java.sql.*;",
    "import java.util.*;",
    "import javax.servlet.http.*;",
    "",
    `public final class ${name} {`,
    `  private ${name}() {}`,
    "",
    ...bodies[kind],
    "}",
    "",
  ].join("\n");
  return { path: `src/main/java/app/util/${name}.java`, content: Buffer.from(text) };
}

function javaServlet(i: number, helpers: number, r: (n: number) => number): SourceFile {
  const w = () => words[r(words.length)]!;
  const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
  const h = (kind: (typeof helperKinds)[number]) => `${kind}${r(Math.max(1, Math.floor(helpers / helperKinds.length)))}`;
  const a = w(),
    b = w(),
    pkg = `app.web.${w()}${i % 30}`,
    cls = `${cap(a)}${cap(b)}Servlet${i}`;
  const out = [
    `package ${pkg};`,
    "",
    "import app.util.*;",
    "import java.io.*;",
    "import java.sql.*;",
    "import java.util.*;",
    "import javax.servlet.*;",
    "import javax.servlet.http.*;",
    "",
    `public class ${cls} extends HttpServlet {`,
    "  private Connection conn;",
    "  private final Map<String, String> labels = new HashMap<>();",
    "",
    "  @Override",
    "  public void init() throws ServletException {",
    `    labels.put("${a}", "${cap(a)}");`,
    `    labels.put("${b}", "${cap(b)}");`,
    "  }",
    "",
  ];
  out.push(
    "  @Override",
    "  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws ServletException, IOException {",
    `    String ${a} = ${h("Params")}.param(req, "${a}");`,
    `    int page = ${h("Params")}.intParam(req, "page", 1);`,
    "    try {",
  );
  switch (r(8)) {
    case 0:
      out.push(`      ResultSet rs = ${h("Db")}.find(conn, "${b}s", "${a} = '" + ${a} + "'");`, '      render(resp, rs.next() ? rs.getString(1) : "");');
      break;
    case 1:
      out.push(`      ResultSet rs = ${h("Db")}.byId(conn, ${a});`, '      render(resp, rs.next() ? rs.getString(1) : "");');
      break;
    case 2:
      out.push(`      render(resp, ${h("Files")}.read("/srv/${b}", ${a}));`);
      break;
    case 3:
      out.push(`      render(resp, ${h("Files")}.read("/srv/${b}", ${h("Params")}.safe(${a})));`);
      break;
    case 4:
      out.push(`      ${h("Shell")}.run("convert " + ${a} + " out.png");`, '      render(resp, "done");');
      break;
    case 5:
      out.push(`      ${h("Shell")}.runArgs("convert", ${a}, "out.png");`, '      render(resp, "done");');
      break;
    default:
      out.push(`      render(resp, ${h("Text")}.pad(labels.getOrDefault(${a}, "?"), page));`);
  }
  out.push("    } catch (SQLException | InterruptedException e) {", "      throw new ServletException(e);", "    }", "  }", "");
  for (let f = 0, n = 2 + r(6); f < n; f++) {
    const c = w();
    if (r(2)) {
      out.push(
        `  private List<String> ${c}Rows${f}(List<String> input, int limit) {`,
        "    List<String> rows = new ArrayList<>();",
        "    for (String s : input) {",
        `      if (rows.size() >= limit) {`,
        "        break;",
        "      }",
        `      rows.add(${h("Text")}.pad(s.trim(), ${4 + r(20)}));`,
        "    }",
        "    return rows;",
        "  }",
        "",
      );
    } else {
      out.push(
        `  private String ${c}Label${f}(String key) {`,
        "    String v = labels.get(key);",
        "    if (v == null) {",
        `      v = "${c}-" + key.length();`,
        "    }",
        `    return ${h("Text")}.join(Arrays.asList(v, "${c}"), ":");`,
        "  }",
        "",
      );
    }
  }
  out.push(
    "  private void render(HttpServletResponse resp, String body) throws IOException {",
    '    resp.setContentType("text/plain");',
    "    resp.getWriter().print(body.length());",
    "  }",
    "}",
    "",
  );
  return { path: `src/main/java/${pkg.replaceAll(".", "/")}/${cls}.java`, content: Buffer.from(out.join("\n")) };
}

/** A Java servlet tree of `files` files: one in twenty-seven a shared helper class, the rest servlets calling them. */
export function servletTree(files = 2700): SourceFile[] {
  const r = rng(7);
  const helpers = Math.max(helperKinds.length, Math.round(files / 27));
  const out: SourceFile[] = [];
  for (let i = 0; i < helpers; i++) out.push(javaHelper(i, r));
  for (let i = 0; out.length < files; i++) out.push(javaServlet(i, helpers, r));
  return out;
}
