package org.example.benchmark.collections;

import java.io.File;
import java.io.IOException;
import java.sql.Statement;
import java.util.*;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.*;

@WebServlet("/collections/lists")
public class ListIndexServlet extends HttpServlet {
    @Override
    public void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String param = request.getParameter("vector");
        List<String> valuesList = new ArrayList<>();
        valuesList.add("safe");
        valuesList.add(param);
        valuesList.add("moresafe");
        valuesList.remove(0);
        String bar = valuesList.get(1);
        response.getWriter().println("<p>" + bar + "</p>"); // safe: xss safe list index
        String first = valuesList.get(0);
        response.getWriter().println("<p>" + first + "</p>"); // vuln: xss
    }

    public void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String param = request.getHeader("Referer");
        LinkedList<String> queue = new LinkedList<>();
        queue.add(param);
        queue.add(0, "prefix");
        String head = queue.get(0);
        new File("/srv/app/reports/" + head); // safe: path-traversal safe list index
        String tail = queue.get(1);
        new File("/srv/app/reports/" + tail); // vuln: path-traversal
        String[] parts = new String[2];
        parts[0] = param;
        parts[1] = "static.txt";
        new File("/srv/app/reports/" + parts[1]); // safe: path-traversal safe array element
        parts[0] = "index.txt";
        new File("/srv/app/reports/" + parts[0]); // safe: path-traversal overwritten array element
    }
}

@WebServlet("/collections/maps")
class MapKeyServlet extends HttpServlet {
    public void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String param = request.getParameter("id");
        HashMap<String, Object> map = new HashMap<String, Object>();
        map.put("keyA-1", "a_Value");
        map.put("keyB-1", param);
        map.put("keyC", "another_Value");
        String bar = (String) map.get("keyA-1");
        try {
            Statement statement = DatabaseHelper.getSqlStatement();
            statement.executeQuery("SELECT * FROM users WHERE id='" + bar + "'"); // safe: sql-injection safe map key
            String other = (String) map.get("keyB-1");
            statement.executeQuery("SELECT * FROM users WHERE id='" + other + "'"); // vuln: sql-injection
            map.remove("keyB-1");
            String gone = (String) map.getOrDefault("keyB-1", "none");
            statement.executeUpdate("DELETE FROM audit WHERE tag='" + gone + "'"); // safe: sql-injection removed map key
        } catch (java.sql.SQLException e) {
            throw new ServletException(e);
        }
    }

    public void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String param = request.getParameter("name");
        Map<String, String> headers = new HashMap<>();
        headers.put("title", "Reports");
        headers.put(param, "x");
        String title = headers.get("title");
        response.getWriter().print(title); // safe: xss unknown key written with a clean value
        HttpSession session = request.getSession();
        session.setAttribute("userid", param); // vuln: trust-boundary
        session.setAttribute("theme", "dark"); // safe: trust-boundary constant
        String theme = (String) session.getAttribute("theme");
        response.getWriter().print("<body class='" + theme + "'>"); // safe: xss session attribute set to a constant
        String who = (String) session.getAttribute("userid");
        response.getWriter().print("<h1>" + who + "</h1>"); // vuln: xss
    }
}

@WebServlet("/collections/switch")
class SwitchServlet extends HttpServlet {
    public void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String param = request.getParameter("cmd");
        String bar;
        String guess = "ABC";
        char switchTarget = guess.charAt(1);
        switch (switchTarget) {
            case 'A':
                bar = param;
                break;
            case 'B':
                bar = "bob";
                break;
            case 'C':
            case 'D':
                bar = param;
                break;
            default:
                bar = "bob's your uncle";
                break;
        }
        Runtime.getRuntime().exec("echo " + bar); // safe: command-injection dead branch
        char other = guess.charAt(0);
        String cmd;
        switch (other) {
            case 'A':
                cmd = param;
                break;
            default:
                cmd = "ls";
        }
        Runtime.getRuntime().exec("echo " + cmd); // vuln: command-injection
    }

    public void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String param = request.getParameter("q");
        int num = 106;
        num--;
        String bar = (7 * 18) + num > 200 ? "This_should_always_happen" : param;
        response.getWriter().printf(bar); // safe: xss dead branch
        int limit = 10;
        limit += 100;
        String page = limit < 50 ? "fixed" : param;
        response.getWriter().printf(page); // vuln: xss
        int count = 3;
        count++;
        String label = count == 4 ? "four" : param;
        response.getWriter().printf(label); // safe: xss dead branch
    }
}

@WebServlet("/collections/files")
class DownloadServlet extends HttpServlet {
    public void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String name = request.getParameter("file");
        if (name.contains("..") || name.startsWith("/")) {
            response.sendError(400);
            return;
        }
        new File("/srv/app/downloads/" + name); // safe: path-traversal deny-list check with early exit
        response.getWriter().print("<a>" + name + "</a>"); // vuln: xss
        String report = request.getParameter("report");
        if (report.indexOf("..") != -1) {
            throw new IllegalArgumentException("bad report name");
        }
        new java.io.FileInputStream("/srv/app/reports/" + report); // safe: path-traversal deny-list check with throw
        String logName = request.getParameter("log");
        if (logName.contains("..")) {
            response.getWriter().print("suspicious");
        }
        new java.io.FileInputStream("/var/log/app/" + logName); // vuln: path-traversal
        String theme = request.getParameter("theme");
        if (!theme.matches("[a-z]{1,16}")) {
            return;
        }
        new File("/srv/app/themes/" + theme + ".css"); // safe: path-traversal allow-list
    }

    public void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String dir = request.getParameter("dir");
        List<String> args = new ArrayList<>();
        args.add("ls");
        args.add("-l");
        args.add(dir);
        new ProcessBuilder(args).start(); // safe: command-injection argument array
        List<String> shell = new ArrayList<>();
        shell.add("sh");
        shell.add("-c");
        shell.add("ls " + dir);
        new ProcessBuilder(shell).start(); // vuln: command-injection
        List<String> tool = new ArrayList<>();
        tool.add(dir);
        tool.add("--version");
        new ProcessBuilder(tool).start(); // vuln: command-injection
    }
}

@WebServlet(value = "/cmdi-00/BenchmarkTest00999")
class QualifiedCollectionsServlet extends HttpServlet {
    @Override
    public void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        response.setContentType("text/html;charset=UTF-8");
        String param = "";
        java.util.Enumeration<String> headers = request.getHeaders("BenchmarkTest00999");
        if (headers != null && headers.hasMoreElements()) {
            param = headers.nextElement();
        }
        param = java.net.URLDecoder.decode(param, "UTF-8");
        java.util.List<String> valuesList = new java.util.ArrayList<String>();
        valuesList.add("safe");
        valuesList.add(param);
        valuesList.add("moresafe");
        valuesList.remove(0);
        String bar = valuesList.get(1);
        java.util.List<String> argList = new java.util.ArrayList<String>();
        argList.add("sh");
        argList.add("-c");
        argList.add("echo " + bar);
        ProcessBuilder pb = new ProcessBuilder();
        pb.command(argList); // safe: command-injection safe list index
        String tainted = valuesList.get(0);
        java.util.List<String> echo = new java.util.ArrayList<String>();
        echo.add("echo");
        echo.add(tainted);
        new ProcessBuilder(echo).start(); // safe: command-injection argument array
        java.util.List<String> shell = new java.util.ArrayList<String>();
        shell.add("sh");
        shell.add("-c");
        shell.add("echo " + tainted);
        pb.command(shell); // vuln: command-injection
        java.util.HashMap<String, Object> map = new java.util.HashMap<String, Object>();
        map.put("keyA", "a-Value");
        map.put("keyB", param);
        String fileName = (String) map.get("keyA");
        new java.io.File("/srv/benchmark/testfiles/", fileName); // safe: path-traversal safe map key
        fileName = (String) map.get("keyB");
        new java.io.FileOutputStream(new java.io.File("/srv/benchmark/testfiles/", fileName)); // vuln: path-traversal
    }
}
