import { test } from "node:test";
import assert from "node:assert/strict";
import { loadRules, reviewFiles } from "./index.ts";
import { reviewOf, stream, taintFindings } from "./testing/stream.ts";
import { Library } from "./library.ts";
import { pythonModuleNames } from "./library-names.ts";
import { ContextTrees } from "./engines/taint/driver/context-trees.ts";

const rules = await loadRules();

const review = (files: Record<string, string>, threads = 1) => reviewOf(rules, files, threads);
const taint = taintFindings;

const servlet = `package shop.web;

import shop.util.*;

public class ProductServlet extends HttpServlet {
  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws Exception {
    String name = request.getParameter("name");
    PrintWriter out = response.getWriter();
    out.println(Texts.label(name));
    out.println(Texts.trimmed(name));
    out.println(Texts.escaped(name));
    out.println(new RequestValues(request).fixed("name"));
    out.println(new RequestValues(request).param("name"));
    RequestValues values = new RequestValues(request);
    out.println(values.fixed("id"));
    catalog.search(name);
    out.println("done");
  }

  private final Catalog catalog = new Catalog();
}
`;
const texts = `package shop.util;

public final class Texts {
  public static String label(String s) { return "Product"; }
  public static String trimmed(String s) { return s.trim(); }
  public static String escaped(String s) { return org.owasp.encoder.Encode.forHtml(s); }
}
`;
const values = `package shop.util;

public class RequestValues {
  private final HttpServletRequest request;
  public RequestValues(HttpServletRequest request) { this.request = request; }
  public String param(String key) { return request.getParameter(key); }
  public String fixed(String key) { return "bar"; }
}
`;
const catalog = `package shop.util;

public class Catalog {
  private Connection conn;
  public ResultSet search(String term) throws SQLException {
    return conn.createStatement().executeQuery("SELECT * FROM products WHERE name LIKE '%" + term + "%'");
  }
}
`;
const javaRepo = {
  "src/shop/web/ProductServlet.java": servlet,
  "src/shop/util/Texts.java": texts,
  "src/shop/util/RequestValues.java": values,
  "src/shop/util/Catalog.java": catalog,
};
const servletPath = "src/shop/web/ProductServlet.java";

test("a Java helper class in another file is summarised: constants and sanitized values are clean, returned parameters and its sinks reported", async () => {
  const r = await review(javaRepo);
  assert.deepEqual(taint(r), [`${servletPath}:10:xss`, `${servletPath}:13:xss`, `${servletPath}:16:sql-injection`]);
  // The sink inside Catalog.search is reported at the call, in the caller's file, its flow there too.
  const sql = r.findings.find((f) => f.ruleId === "java.taint.sql-injection")!;
  assert.match(sql.location.message!, /inside `Catalog\.search` in src\/shop\/util\/Catalog\.java/);
  assert.ok(sql.flow!.every((l) => l.path === servletPath));
});

test("without the helper files the same calls stay unknown calls and are reported", async () => {
  const r = await review({ [servletPath]: servlet });
  assert.deepEqual(
    taint(r),
    [9, 10, 11, 12, 13, 15].map((l) => `${servletPath}:${l}:xss`),
  );
});

test("a class name declared in two other files is ambiguous: its calls stay unknown calls", async () => {
  const other = texts.replace('"Product"', "s").replace("package shop.util;", "package shop.legacy;");
  const r = await review({ ...javaRepo, "src/shop/legacy/Texts.java": other });
  assert.deepEqual(
    taint(r).filter((t) => /:(9|10|11):/.test(t)),
    [9, 10, 11].map((l) => `${servletPath}:${l}:xss`),
  );
  // RequestValues still resolves.
  assert.ok(!taint(r).includes(`${servletPath}:12:xss`));
});

test("worker threads give the in-thread findings for cross-file summaries", async () => {
  const a = await review(javaRepo, 2);
  const b = await review(javaRepo, 1);
  assert.deepEqual(
    a.findings.map((f) => f.fingerprint),
    b.findings.map((f) => f.fingerprint),
  );
  assert.deepEqual(taint(a), taint(b));
  assert.equal(a.stats.files, 4);
});

test("the library resolves a name to one other file only, and keeps no file past its size limit", () => {
  assert.deepEqual(pythonModuleNames("pkg/helpers/utils.py"), ["pkg.helpers.utils", "helpers.utils", "utils"]);
  assert.deepEqual(pythonModuleNames("pkg/__init__.py"), ["pkg"]);
  assert.deepEqual(pythonModuleNames("my-service/app/views.py"), ["app.views", "views"]);
  assert.deepEqual(pythonModuleNames("scripts/2fa-tool.py"), []);
  const lib = new Library();
  lib.add("a/Util.java", Buffer.from("class Util {}"));
  lib.add("b/Util.java", Buffer.from("class Util {}"));
  lib.add("c/Only.java", Buffer.from("public final class Only {}"));
  lib.add("d/Huge.java", Buffer.alloc(3 << 20, 0x20));
  assert.equal(lib.resolve("java:Util", "x/Main.java"), null);
  assert.equal(lib.resolve("java:Util", "a/Util.java"), "b/Util.java");
  assert.equal(lib.resolve("java:Only", "x/Main.java"), "c/Only.java");
  assert.equal(lib.resolve("java:Only", "c/Only.java"), null);
  assert.equal(lib.dropped, 1);
  assert.deepEqual(
    lib.contextFor("x/Main.java", ["java:Only", "java:Util", "java:Missing"]).map((c) => c.path),
    ["c/Only.java"],
  );
});

test("Java: an interface's method is no summary (the call stays unknown); methods inherited from a superclass in another file are summarised", async () => {
  const r = await review({
    "web/ReportServlet.java": `package web;

public class ReportServlet extends BaseServlet {
  private final ReportService service = Services.reports();

  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws Exception {
    String q = request.getParameter("q");
    PrintWriter out = response.getWriter();
    out.println(service.render(q));
    out.println(escape(q));
    out.println(this.echo(q));
  }
}
`,
    "web/ReportService.java": "package web;\n\npublic interface ReportService {\n  String render(String q);\n}\n",
    "web/BaseServlet.java": `package web;

public abstract class BaseServlet extends HttpServlet {
  protected String escape(String s) { return org.owasp.encoder.Encode.forHtml(s); }
  protected String echo(String s) { return "<b>" + s + "</b>"; }
}
`,
  });
  assert.deepEqual(taint(r), ["web/ReportServlet.java:9:xss", "web/ReportServlet.java:11:xss"]);
});

test("hostile repositories: hundreds of classes of one name stay ambiguous, a helper past the size limit is no context", async () => {
  const many: Record<string, string> = { [servletPath]: servlet };
  for (let i = 0; i < 300; i++) many[`gen/p${i}/Texts.java`] = texts.replace("package shop.util;", `package gen.p${i};`);
  const r = await review(many);
  assert.deepEqual(
    taint(r).filter((t) => /:(9|10|11):/.test(t)),
    [9, 10, 11].map((l) => `${servletPath}:${l}:xss`),
  );
  const huge = texts.replace("}\n", `${"  // padding line of a generated helper\n".repeat(60_000)}}\n`);
  assert.ok(huge.length > 2 << 20);
  const h = await reviewFiles({ files: stream({ [servletPath]: servlet, "src/shop/util/Texts.java": huge }), rules, maxFileBytes: 4 << 20 });
  assert.ok(taint(h).includes(`${servletPath}:9:xss`));
});

const files = `package app.util;

public class Files {
  public static String read(String base, String name) throws IOException {
    return new String(java.nio.file.Files.readAllBytes(new File(base, name).toPath()));
  }
}
`;
const params = `package app.util;

public class Params {
  public static String safe(String v) { return v.replaceAll("[^A-Za-z0-9_]", ""); }
  public static String loose(String v) { return v.replaceAll("[^A-Za-z0-9_/.]", ""); }
}
`;
const download = `package app.web;

import app.util.*;

public class DownloadServlet extends HttpServlet {
  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    String name = req.getParameter("name");
    String a = Files.read("/srv", Params.safe(name));
    String b = Files.read("/srv", Params.loose(name));
    String c = Files.read("/srv", name.replaceAll("[^\\\\w.-]", ""));
    resp.setContentType("text/plain");
    resp.getWriter().print(a.length() + b.length() + c.length());
  }
}
`;

test("a file analysed again for a sink elsewhere also takes the files of its other calls: a helper keeping only an allow-list cleans the value", async () => {
  const path = "src/app/web/DownloadServlet.java";
  for (const threads of [1, 2]) {
    const r = await review({ [path]: download, "src/app/util/Files.java": files, "src/app/util/Params.java": params }, threads);
    // Only the helper that keeps `/` and `.` leaves a path traversal; the in-place replaceAll allow-list is clean too.
    assert.deepEqual(taint(r), [`${path}:9:path-traversal`]);
  }
  // Without the Params file its calls stay unknown calls: both reach the sink.
  const alone = await review({ [path]: download, "src/app/util/Files.java": files });
  assert.deepEqual(taint(alone), [`${path}:8:path-traversal`, `${path}:9:path-traversal`]);
});

test("a file without taint findings whose calls reach no file holding a sink is not analysed again", () => {
  const lib = new Library();
  const caller = [
    "package web;",
    "import util.*;",
    "class Page {",
    "  void doGet(HttpServletRequest req) {",
    '    String v = Params.param(req, "v");',
    "    show(Text.pad(v, 3));",
    "  }",
    "}",
    "",
  ].join("\n");
  lib.add(
    "util/Params.java",
    Buffer.from(
      "package util;\npublic final class Params {\n  public static String param(HttpServletRequest req, String k) { return req.getParameter(k); }\n}\n",
    ),
  );
  lib.add("util/Text.java", Buffer.from("package util;\npublic final class Text {\n  public static String pad(String s, int n) { return s + n; }\n}\n"));
  lib.add("web/Page.java", Buffer.from(caller));
  lib.recorded("web/Page.java", ["java:Params", "java:Text"], false);
  assert.deepEqual([...lib.again()], []);
  // With a taint finding to lose, the same file is analysed again with those files.
  lib.recorded("web/Page.java", ["java:Params", "java:Text"], true);
  assert.deepEqual(
    [...lib.again()].map((i) => i.context?.map((c) => c.path)),
    [["util/Params.java", "util/Text.java"]],
  );
});

test("context trees are kept for later files up to their size cap, the least recently used going first", () => {
  const trees = new ContextTrees(10);
  trees.set("a", 1, 4);
  trees.set("b", 2, 4);
  assert.equal(trees.get("a"), 1);
  trees.set("c", 3, 4);
  assert.deepEqual(
    ["a", "b", "c"].map((k) => trees.get(k)),
    [1, undefined, 3],
  );
  // One file larger than the cap is still kept while it is the newest.
  trees.set("d", 4, 50);
  assert.deepEqual(
    ["a", "c", "d"].map((k) => trees.get(k)),
    [undefined, undefined, 4],
  );
});

test("cross-file findings do not depend on the order files stream in: helpers after or before the servlet", async () => {
  const path = "src/app/web/DownloadServlet.java";
  const helpers = { "src/app/util/Files.java": files, "src/app/util/Params.java": params };
  const before = await review({ ...helpers, [path]: download });
  const after = await review({ [path]: download, ...helpers });
  assert.deepEqual(taint(before), [`${path}:9:path-traversal`]);
  assert.deepEqual(
    after.findings.map((f) => f.fingerprint),
    before.findings.map((f) => f.fingerprint),
  );
});
