package main

import (
	"database/sql"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strings"

	"github.com/gin-gonic/gin"
)

const debug = false

var safeName = regexp.MustCompile(`^[a-z0-9_-]+$`)
var reports = map[string]string{"daily": "daily.csv", "weekly": "weekly.csv"}

func files(c *gin.Context) {
	name := c.Param("name")
	c.File("/srv/reports/" + name)             // vuln: path-traversal
	c.File("/srv/reports/" + reports[name])   // safe: path-traversal safe map key
	if !safeName.MatchString(name) {
		c.AbortWithStatus(400)
		return
	}
	c.File("/srv/reports/" + name + ".csv") // safe: path-traversal allow-list
}

func query(db *sql.DB, c *gin.Context) {
	var filter struct{ Owner string }
	if err := c.ShouldBindQuery(&filter); err != nil {
		return
	}
	parts := []string{"SELECT * FROM t WHERE owner = '", filter.Owner, "'"}
	db.Query(strings.Join(parts, ""))                         // vuln: sql-injection
	db.Query("SELECT * FROM t WHERE owner = ?", filter.Owner) // safe: sql-injection parameterized
	if debug {
		db.Exec("DELETE FROM t WHERE owner = '" + filter.Owner + "'") // safe: sql-injection dead branch
	}
	owner := filter.Owner
	owner = "system"
	db.Exec("DELETE FROM t WHERE owner = '" + owner + "'") // safe: sql-injection overwritten
}

func render(w http.ResponseWriter, r *http.Request) {
	var b strings.Builder
	b.WriteString("<ul>")
	for _, v := range r.URL.Query()["item"] {
		b.WriteString("<li>" + v + "</li>")
	}
	fmt.Fprint(w, b.String()) // vuln: xss
	title := "Items"
	fmt.Fprint(w, "<h1>"+title+"</h1>") // safe: xss different variable
	cookie, _ := r.Cookie("theme")
	fmt.Fprintf(w, "<body class=%q>", cookie.Value) // vuln: xss
	host := r.Header.Get("X-Forwarded-Host")
	http.Get("https://" + host + "/health") // vuln: ssrf
	if host == "internal.example.com" {
		http.Get("https://" + host + "/health") // safe: ssrf allow-list
	}
}

func tool() {
	if len(os.Args) > 1 {
		exec.Command("sh", "-c", "echo "+os.Args[1]).Run() // vuln: command-injection
	}
	exec.Command("sh", "-c", "echo hello").Run() // safe: command-injection constant
}
