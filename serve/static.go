package serve

import (
	"bytes"
	"embed"
	"net/http"
	"path"
	"strings"
	"time"
)

// The page: plain HTML, CSS and JavaScript modules, no build step.
//
//go:embed static
var staticFiles embed.FS

// serveStatic answers GET / with the page and GET /NAME with one of its
// files, and reports whether it did. GET /p answers the page too, as /
// does: /p?KIND/… and /?KIND/… open a puzzle (puzz.link's URL shape), the
// page reading the query itself. Only the embedded files are served:
// no path of a request reaches the file system.
func serveStatic(w http.ResponseWriter, r *http.Request) bool {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		return false
	}
	name := strings.TrimPrefix(r.URL.Path, "/")
	if name == "" || name == "p" {
		name = "index.html"
	}
	if strings.Contains(name, "/") {
		return false
	}
	data, err := staticFiles.ReadFile(path.Join("static", name))
	if err != nil {
		return false
	}
	// The files change only with the binary: the browser revalidates.
	w.Header().Set("Cache-Control", "no-cache")
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(data))
	return true
}
