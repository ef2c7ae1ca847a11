// A net/http file service: ServeFile's name argument, a containment check on the cleaned path, and what a command or a
// file gives back written to the response.
package files

import (
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

const root = "/srv/files"

func download(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	http.ServeFile(w, r, filepath.Join(root, name)) // vuln: path-traversal ServeFile's name argument
}

func downloadBase(w http.ResponseWriter, r *http.Request) {
	name := filepath.Base(r.URL.Query().Get("name"))
	http.ServeFile(w, r, filepath.Join(root, name)) // safe: path-traversal base name only
}

func downloadChecked(w http.ResponseWriter, r *http.Request) {
	p := filepath.Join(root, r.URL.Query().Get("name"))
	if !strings.HasPrefix(filepath.Clean(p), root+"/") {
		http.Error(w, "bad path", http.StatusBadRequest)
		return
	}
	data, err := os.ReadFile(p) // safe: path-traversal cleaned form checked under the root
	if err != nil {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	w.Write(data) // safe: xss the file's own bytes
}

func downloadLogged(w http.ResponseWriter, r *http.Request) {
	p := filepath.Join(root, r.URL.Query().Get("name"))
	if !strings.HasPrefix(filepath.Clean(p), root+"/") {
		println("outside root:", p)
	}
	data, _ := os.ReadFile(p) // vuln: path-traversal the check does not leave
	w.Write(data)
}

func diskUsage(w http.ResponseWriter, r *http.Request) {
	dir := filepath.Base(r.URL.Query().Get("dir"))
	out, _ := exec.Command("du", "-sh", "--", filepath.Join(root, dir)).Output()
	w.Write(out) // safe: xss the command's own output
}
