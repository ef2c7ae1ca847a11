package com.example.rules;

import freemarker.template.Configuration;
import freemarker.template.Template;
import groovy.lang.GroovyShell;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.HashMap;
import java.util.Map;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import ognl.Ognl;
import org.apache.velocity.VelocityContext;
import org.apache.velocity.app.Velocity;
import org.mvel2.MVEL;

// A rules endpoint of a back office: expressions and templates a user writes, run by Groovy, OGNL, MVEL,
// Velocity and FreeMarker, beside the same engines given fixed text with the request's values as data.
public class ScriptingServlets extends HttpServlet {
  private final Configuration freemarker = new Configuration(Configuration.VERSION_2_3_32);

  @Override
  protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    String rule = req.getParameter("rule");
    Map<String, Object> vars = new HashMap<>();
    vars.put("amount", req.getParameter("amount"));

    Object groovy = new GroovyShell().evaluate(rule); // vuln: code-injection
    Object fixed = new GroovyShell().evaluate("amount.toInteger() > 100"); // safe: code-injection constant

    Object ognl = Ognl.getValue(req.getParameter("path"), vars, vars); // vuln: code-injection
    Object ognlFixed = Ognl.getValue("amount", vars, vars); // safe: code-injection constant

    Object mvel = MVEL.eval(req.getParameter("expr"), vars); // vuln: code-injection
    Object compiled = MVEL.compileExpression(req.getParameter("expr")); // vuln: code-injection

    StringWriter out = new StringWriter();
    VelocityContext ctx = new VelocityContext(vars);
    Velocity.evaluate(ctx, out, "rules", req.getParameter("template")); // vuln: code-injection
    Velocity.evaluate(ctx, out, req.getParameter("tag"), "Total: $amount"); // safe: code-injection the log tag is no template

    try {
      Template t = new Template("user", new StringReader(req.getParameter("template")), freemarker); // vuln: code-injection
      Template named = freemarker.getTemplate("receipt.ftl"); // safe: code-injection a template of the application
      named.process(vars, out);
      t.process(vars, out);
    } catch (Exception e) {
      resp.sendError(400);
      return;
    }
    resp.setStatus(groovy == null || fixed == null || ognl == null || ognlFixed == null || mvel == null || compiled == null ? 204 : 200);
  }
}
