package com.example.reports;

import java.io.IOException;
import java.util.Map;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

// Report exporters chosen by name: the class a request names loaded by reflection, beside the same choice
// kept to a fixed table of classes.
public class ExporterServlet extends HttpServlet {
  private static final Map<String, String> EXPORTERS = Map.of("csv", "com.example.reports.CsvExporter", "pdf", "com.example.reports.PdfExporter");

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
    try {
      Class<?> type = Class.forName(request.getParameter("exporter")); // vuln: unsafe-reflection
      Exporter exporter = (Exporter) type.getDeclaredConstructor().newInstance();
      exporter.write(response.getOutputStream());
    } catch (ReflectiveOperationException e) {
      response.sendError(400);
    }
  }

  @Override
  protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
    String name = EXPORTERS.get(request.getParameter("format"));
    if (name == null) {
      response.sendError(404);
      return;
    }
    try {
      Class<?> type = Class.forName(name); // safe: unsafe-reflection safe map key
      Exporter exporter = (Exporter) type.getDeclaredConstructor().newInstance();
      exporter.write(response.getOutputStream());
    } catch (ReflectiveOperationException e) {
      response.sendError(400);
    }
  }

  @Override
  protected void doPut(HttpServletRequest request, HttpServletResponse response) throws IOException {
    try {
      Class<?> type = getClass().getClassLoader().loadClass(request.getHeader("X-Exporter")); // vuln: unsafe-reflection
      response.setStatus(type.isInterface() ? 400 : 204);
    } catch (ClassNotFoundException e) {
      response.sendError(400);
    }
  }

  interface Exporter {
    void write(java.io.OutputStream out) throws IOException;
  }
}
