package main

const dbPassword = "hunter2hunter2" // expect: go.hardcoded-credential

func h(w http.ResponseWriter, r *http.Request, db *sql.DB, name string) {
	exec.Command("sh", "-c", "ls "+name).Run() // expect: go.command-injection
	exec.Command("sh", "-c", "ls -la").Run()   // ok: go.command-injection
	db.Query(fmt.Sprintf("SELECT * FROM t WHERE n = '%s'", name)) // expect: go.sql-injection
	db.Query("SELECT * FROM t WHERE n = $1", name)                 // ok: go.sql-injection
	os.Open(filepath.Join("/data", r.URL.Query().Get("f"))) // expect: go.path-traversal
	os.Open("/etc/app.conf")                                 // ok: go.path-traversal
	http.Get(r.URL.Query().Get("url"))   // expect: go.ssrf
	http.Get("https://api.example.com/") // ok: go.ssrf
	http.Redirect(w, r, r.URL.Query().Get("next"), 302) // expect: go.open-redirect
	http.Redirect(w, r, "/home", 302)                    // ok: go.open-redirect
	_ = template.HTML(name)     // expect: go.xss-template
	_ = template.HTML("<b>x</b>") // ok: go.xss-template
	_ = md5.Sum([]byte(name))    // expect: go.weak-hash
	_ = sha256.Sum256([]byte(name)) // ok: go.weak-hash
	c, _ := des.NewCipher(key) // expect: go.weak-cipher
	c2, _ := aes.NewCipher(key) // ok: go.weak-cipher
	sessionToken := rand.Int63() // expect: go.insecure-random
	jitter := rand.Intn(100)     // ok: go.insecure-random
	cfg := &tls.Config{InsecureSkipVerify: true} // expect: go.tls-verification-disabled
	cfg2 := &tls.Config{MinVersion: tls.VersionTLS12} // ok: go.tls-verification-disabled
	password := os.Getenv("DB_PASSWORD") // ok: go.hardcoded-credential
	name = name // expect: go.self-assignment
	name = jitter2 // ok: go.self-assignment
}
