class Handlers {
  private static final String dbPassword = "hunter2hunter2"; // expect: java.hardcoded-credential
  private String password = System.getenv("DB_PASSWORD"); // ok: java.hardcoded-credential
  private int count;

  void handle(HttpServletRequest req, HttpServletResponse resp, Statement st, String name) throws Exception {
    Runtime.getRuntime().exec("ping " + name); // expect: java.command-injection
    Runtime.getRuntime().exec(new String[] {"ping", name}); // ok: java.command-injection
    st.executeQuery("SELECT * FROM users WHERE name = '" + name + "'"); // expect: java.sql-injection
    st.executeQuery("SELECT * FROM users"); // ok: java.sql-injection
    new File("/data/" + req.getParameter("f")); // expect: java.path-traversal
    new File("/data/index.html"); // ok: java.path-traversal
    new ObjectInputStream(req.getInputStream()).readObject(); // expect: java.unsafe-deserialization
    new DataInputStream(req.getInputStream()).readInt(); // ok: java.unsafe-deserialization
    MessageDigest.getInstance("MD5"); // expect: java.weak-hash
    MessageDigest.getInstance("SHA-256"); // ok: java.weak-hash
    Cipher.getInstance("AES/ECB/PKCS5Padding"); // expect: java.weak-cipher
    Cipher.getInstance("AES/GCM/NoPadding"); // ok: java.weak-cipher
    new IvParameterSpec("0123456789abcdef".getBytes()); // expect: java.static-iv
    new IvParameterSpec(iv); // ok: java.static-iv
    Random sessionKey = new Random(); // expect: java.insecure-random
    SecureRandom nonce = new SecureRandom(); // ok: java.insecure-random
    Cookie c = new Cookie("sid", sid);
    c.setSecure(false); // expect: java.insecure-cookie
    c.setHttpOnly(true); // ok: java.insecure-cookie
    resp.setHeader("Access-Control-Allow-Origin", "*"); // expect: java.cors-permissive
    resp.setHeader("Access-Control-Allow-Origin", "https://app.example.com"); // ok: java.cors-permissive
    if (name == "admin") { } // expect: java.string-equality
    if ("admin".equals(name)) { } // ok: java.string-equality
    count = count; // expect: java.self-assignment
    this.count = count; // ok: java.self-assignment
  }

  Document parseUnsafe(InputStream in) throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance(); // expect: java.xxe
    return f.newDocumentBuilder().parse(in);
  }

  Document parseSafe(InputStream in) throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance(); // ok: java.xxe
    f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    return f.newDocumentBuilder().parse(in);
  }

  HostnameVerifier trustAll = new HostnameVerifier() {
    public boolean verify(String h, SSLSession s) { return true; } // expect: java.tls-verification-disabled
  };
  HostnameVerifier strict = new HostnameVerifier() {
    public boolean verify(String h, SSLSession s) { return h.equals("api.example.com"); } // ok: java.tls-verification-disabled
  };
}
