// Package site writes the playground's static build (make site): a folder
// any static file server or GitHub Pages can host, where the page of
// package serve works with no Go server. The API is answered in the
// browser by cmd/puzzlesat-wasm (serve's own handlers compiled to
// WebAssembly) in Web Workers; static.js, loaded by the folder's
// index.html, hands the page's requests (api.js's api) to them
// (puzzlesatFetch), so that no request to /api/ leaves the page.
//
// Build makes the folder from the source tree with the go command: the
// page's files are serve/static's, the WebAssembly is built with GOOS=js
// GOARCH=wasm, and wasm_exec.js comes from the Go installation that built
// it (the two must match).
package site

import (
	"bytes"
	"context"
	"embed"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// The static build's own scripts: static.js (the page's side) and
// worker.js (a worker's).
//
//go:embed web
var web embed.FS

// Files of the folder besides the page's.
const (
	WasmFile = "puzzlesat.wasm"
	wasmMain = "github.com/puzzlesat/puzzlesat/cmd/puzzlesat-wasm"
	servePkg = "github.com/puzzlesat/puzzlesat/serve"
)

// hook is what index.html gains: static.js, a classic script, runs before
// app.js (a module, deferred).
const hook = `<script src="static.js"></script>` + "\n"

// noIcon is an empty icon, which index.html gains unless it names one:
// a static server answers the browser's /favicon.ico with a 404, an error
// in the console.
const noIcon = `<link rel="icon" href="data:,">` + "\n"

// Build writes the static build into dir (made if need be; files there of
// the same names are replaced), running goCmd ("" : "go") in the module
// that holds it, from the current directory.
func Build(ctx context.Context, dir, goCmd string) error {
	if goCmd == "" {
		goCmd = "go"
	}
	run := func(env []string, args ...string) (string, error) {
		cmd := exec.CommandContext(ctx, goCmd, args...)
		cmd.Env = append(os.Environ(), env...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			return "", fmt.Errorf("%s %s: %v\n%s", goCmd, strings.Join(args, " "), err, stderr.Bytes())
		}
		return strings.TrimSpace(string(out)), nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	serveDir, err := run(nil, "list", "-f", "{{.Dir}}", servePkg)
	if err != nil {
		return err
	}
	goroot, err := run(nil, "env", "GOROOT")
	if err != nil {
		return err
	}
	abs, err := filepath.Abs(filepath.Join(dir, WasmFile))
	if err != nil {
		return err
	}
	if _, err := run([]string{"GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0"},
		"build", "-trimpath", "-ldflags=-s -w", "-o", abs, wasmMain); err != nil {
		return err
	}
	// wasm_exec.js: lib/wasm since Go 1.24, misc/wasm before.
	var support []byte
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		if support, err = os.ReadFile(filepath.Join(goroot, p)); err == nil {
			break
		}
	}
	if err != nil {
		return fmt.Errorf("no wasm_exec.js in %s: %v", goroot, err)
	}
	files := map[string][]byte{"wasm_exec.js": support, ".nojekyll": nil}
	page, err := os.ReadDir(filepath.Join(serveDir, "static"))
	if err != nil {
		return err
	}
	for _, e := range page {
		if e.IsDir() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(serveDir, "static", e.Name()))
		if err != nil {
			return err
		}
		files[e.Name()] = data
	}
	index, ok := files["index.html"]
	if !ok || !bytes.Contains(index, []byte("</head>")) {
		return errors.New("serve/static/index.html has no </head> to load static.js before")
	}
	add := hook
	if !bytes.Contains(index, []byte(`rel="icon"`)) {
		add = noIcon + hook
	}
	files["index.html"] = bytes.Replace(index, []byte("</head>"), []byte(add+"</head>"), 1)
	for _, name := range []string{"static.js", "worker.js"} {
		if files[name], err = web.ReadFile("web/" + name); err != nil {
			return err
		}
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
