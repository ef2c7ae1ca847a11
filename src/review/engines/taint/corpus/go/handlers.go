package main

import (
	"database/sql"
	"fmt"
	"html"
	"log"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"

	"github.com/gin-gonic/gin"
)

var tools = map[string]string{"list": "ls", "disk": "df"}

func ping(w http.ResponseWriter, r *http.Request) {
	host := r.URL.Query().Get("host")
	exec.Command("sh", "-c", "ping -c 1 "+host).Run() // vuln: command-injection
	exec.Command(r.FormValue("prog")).Run()           // vuln: command-injection
	exec.Command("ping", "-c", "1", host).Run()        // safe: command-injection argument list
	exec.Command(tools[r.FormValue("tool")]).Run()     // safe: command-injection safe map key
	cmd := r.FormValue("cmd")
	cmd = "uptime"
	exec.Command(cmd).Run() // safe: command-injection overwritten
	if false {
		exec.Command(r.FormValue("cmd")).Run() // safe: command-injection dead branch
	}
	other := "whoami"
	exec.Command(other).Run() // safe: command-injection different variable
}

func user(db *sql.DB, w http.ResponseWriter, r *http.Request) {
	id := r.URL.Query().Get("id")
	db.Query("SELECT * FROM users WHERE id = " + id)                 // vuln: sql-injection
	q := fmt.Sprintf("SELECT * FROM users WHERE name = '%s'", r.FormValue("name"))
	db.Exec(q)                                                       // vuln: sql-injection
	db.Query("SELECT * FROM users WHERE id = $1", id)                // safe: sql-injection parameterized
	n, _ := strconv.Atoi(id)
	db.Query("SELECT * FROM users WHERE id = " + strconv.Itoa(n))   // safe: sql-injection sanitized integer
	db.Query("SELECT * FROM users")                                  // safe: sql-injection constant
}

func files(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	os.Open(filepath.Join("/srv/files", name))                // vuln: path-traversal
	os.ReadFile("/srv/files/" + r.FormValue("f"))             // vuln: path-traversal
	os.Open(filepath.Join("/srv/files", filepath.Base(name))) // safe: path-traversal sanitized
	os.Open("/etc/app.conf")                                   // safe: path-traversal constant
}

func hello(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	fmt.Fprintf(w, "<h1>Hello %s</h1>", name)                   // vuln: xss
	w.Write([]byte("<p>" + r.FormValue("msg") + "</p>"))        // vuln: xss
	fmt.Fprintf(w, "<h1>Hello %s</h1>", html.EscapeString(name)) // safe: xss sanitized
	fmt.Fprintf(w, "<h1>Hello</h1>")                             // safe: xss constant
}

func proxy(w http.ResponseWriter, r *http.Request) {
	target := r.URL.Query().Get("url")
	http.Get(target)                                  // vuln: ssrf
	http.Get("https://api.example.com/status")        // safe: ssrf constant
	http.Redirect(w, r, r.FormValue("next"), 302)     // vuln: open-redirect
	next := r.FormValue("next")
	if next == "/home" {
		http.Redirect(w, r, next, 302) // safe: open-redirect allow-list
	}
	http.Redirect(w, r, "/login", 302) // safe: open-redirect constant
	log.Printf("proxy %s", target)      // vuln: log-injection
	log.Printf("proxy ok")              // safe: log-injection constant
}

func ginHandlers(router *gin.Engine) {
	router.GET("/run", func(c *gin.Context) {
		dir := c.Query("dir")
		exec.Command("sh", "-c", "ls "+dir).Run() // vuln: command-injection
		c.Redirect(302, c.Query("to"))             // vuln: open-redirect
		var body struct{ Name string }
		c.ShouldBindJSON(&body)
		db.Query("SELECT * FROM t WHERE name = '" + body.Name + "'") // vuln: sql-injection
		id, err := strconv.Atoi(c.Param("id"))
		if err != nil {
			return
		}
		db.Query(fmt.Sprintf("SELECT * FROM t WHERE id = %d", id)) // safe: sql-injection sanitized integer
		c.String(200, "<p>"+dir+"</p>")                            // safe: xss Gin's String sends text/plain
		c.Data(200, "text/html; charset=utf-8", []byte("<p>"+dir+"</p>")) // vuln: xss HTML bytes
		c.Data(200, "application/json", []byte(dir))                // safe: xss a JSON body
	})
}

func helper(path string) {
	os.Open(path) // safe: path-traversal parameter not from a framework
}

func main() {
	exec.Command(os.Args[1]).Run()                 // safe: command-injection a wrapper runs the program it was given, no shell
	exec.Command("sh", "-c", "ls "+os.Args[2]).Run() // vuln: command-injection a shell parses the argument
}

func sw(w http.ResponseWriter, r *http.Request) {
	arg := "status"
	switch r.FormValue("mode") {
	case "raw":
		arg = r.FormValue("arg")
	default:
		arg = "status"
	}
	exec.Command("sh", "-c", "git "+arg).Run() // vuln: command-injection
}
