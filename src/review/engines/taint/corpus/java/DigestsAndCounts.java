import java.io.*;
import java.security.MessageDigest;
import java.sql.*;
import java.util.Base64;
import java.util.zip.CRC32;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import javax.servlet.http.*;
import org.owasp.esapi.ESAPI;
import org.owasp.encoder.Encode;

// Values derived from request data that can no longer carry markup or quotes: digests, MACs, hex and
// Base64 text, counts and exit codes. And the encoders for attributes and scripts.
public class DigestsAndCounts extends HttpServlet {
    private Connection conn;
    private byte[] key;

    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws Exception {
        String name = request.getParameter("name");
        PrintWriter out = response.getWriter();

        MessageDigest md = MessageDigest.getInstance("SHA-256");
        md.update(name.getBytes("UTF-8")); // safe: sql-injection digest update is no query
        byte[] hash = md.digest();
        out.println("<p>" + Base64.getEncoder().encodeToString(hash) + "</p>"); // safe: xss digest
        out.println("<p>" + Base64.getEncoder().encodeToString(name.getBytes()) + "</p>"); // safe: xss base64 alphabet
        out.println("<p>" + name.toUpperCase() + "</p>"); // vuln: xss

        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        String tag = org.apache.commons.codec.binary.Hex.encodeHexString(mac.doFinal(name.getBytes()));
        out.println("<input type=hidden value=" + tag + ">"); // safe: xss mac

        CRC32 crc = new CRC32();
        crc.update(name.getBytes()); // safe: sql-injection checksum update
        out.println(crc.getValue());

        PreparedStatement ps = conn.prepareStatement("SELECT id, visits FROM pages WHERE slug = ?");
        ps.setString(1, name);
        ResultSet rs = ps.executeQuery();
        while (rs.next()) {
            long visits = rs.getLong("visits");
            out.println("<td>" + visits + "</td>"); // safe: xss number from the database
        }

        Statement search = conn.createStatement();
        ResultSet found = search.executeQuery("SELECT id, title FROM pages WHERE title LIKE '%" + name + "%'"); // vuln: sql-injection
        while (found.next()) {
            out.println("<tr><td>" + found.getInt(1) + "</td>"); // safe: xss number from a tainted query's rows
            out.println("<td>" + found.getBoolean("hidden") + "</td></tr>"); // safe: xss boolean
        }

        Statement st = conn.createStatement();
        st.executeUpdate("UPDATE pages SET visits = visits + 1 WHERE slug = '" + name + "'"); // vuln: sql-injection
        int rows = st.executeUpdate("DELETE FROM drafts WHERE owner = 'admin'");
        out.println("<p>" + rows + " removed</p>"); // safe: xss count

        Process p = new ProcessBuilder("git", "log", "--format=%h", "--", name).start();
        int code = p.waitFor();
        out.println("<p>exit " + p.exitValue() + " " + code + "</p>"); // safe: xss exit code

        out.println("<a title=\"" + ESAPI.encoder().encodeForHTMLAttribute(name) + "\">x</a>"); // safe: xss attribute encoded
        out.println("<script>var n = '" + Encode.forJavaScript(name) + "';</script>"); // safe: xss script encoded
        out.println("<a title=\"" + name.trim() + "\">x</a>"); // vuln: xss
        out.println("<p>" + name.length() + " characters</p>"); // safe: xss length
    }
}
