package main

// Safe look-alike matrix: sanitized, constant, overwritten, dead branch, different variable, safe map key.

import (
	"fmt"
	"html"
	"net/http"
	"os"
	"path/filepath"
)

var pages = map[string]string{"home": "/", "help": "/help"}

func mXSS(w http.ResponseWriter, r *http.Request) {
	v := r.FormValue("v")
	fmt.Fprintf(w, "<p>%s</p>", v)                   // vuln: xss
	fmt.Fprintf(w, "<p>%s</p>", html.EscapeString(v)) // safe: xss sanitized
	x := r.FormValue("x")
	x = "fixed"
	fmt.Fprintf(w, "<p>%s</p>", x) // safe: xss overwritten
	if 1 > 2 {
		fmt.Fprintf(w, "<p>%s</p>", v) // safe: xss dead branch
	}
	label := "ok"
	fmt.Fprintf(w, "<p>%s</p>", label)    // safe: xss different variable
	fmt.Fprintf(w, "<p>%s</p>", pages[v]) // safe: xss safe map key
}

func mPath(w http.ResponseWriter, r *http.Request) {
	f := r.FormValue("f")
	os.Open(filepath.Join("/data", f))               // vuln: path-traversal
	os.Open(filepath.Join("/data", filepath.Base(f))) // safe: path-traversal sanitized
	os.Open("/data/index.txt")                       // safe: path-traversal constant
	g := r.FormValue("g")
	g = "index.txt"
	os.Open("/data/" + g) // safe: path-traversal overwritten
	if "a" == "b" {
		os.Open(f) // safe: path-traversal dead branch
	}
	h := "readme.txt"
	os.Open("/data/" + h)        // safe: path-traversal different variable
	os.Open("/data/" + pages[f]) // safe: path-traversal safe map key
}

func mRedirect(w http.ResponseWriter, r *http.Request) {
	to := r.FormValue("to")
	http.Redirect(w, r, to, 302)       // vuln: open-redirect
	http.Redirect(w, r, pages[to], 302) // safe: open-redirect safe map key
	home := "/home"
	http.Redirect(w, r, home, 302) // safe: open-redirect different variable
}
