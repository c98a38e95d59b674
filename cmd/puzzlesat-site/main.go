// Command puzzlesat-site writes the playground's static build (make site):
// a folder any static file server or GitHub Pages can host, where the page
// works with no Go server, its API answered in the browser by WebAssembly.
// See package serve/site.
//
//	go run ./cmd/puzzlesat-site [-o DIR]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/puzzlesat/puzzlesat/serve/site"
)

func main() {
	dir := flag.String("o", "bin/site", "write the site into `DIR`")
	goCmd := flag.String("go", "go", "the go `command` that builds the WebAssembly")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "puzzlesat-site takes no arguments; -o names the folder")
		os.Exit(2)
	}
	if err := site.Build(context.Background(), *dir, *goCmd); err != nil {
		fmt.Fprintln(os.Stderr, "puzzlesat-site:", err)
		os.Exit(1)
	}
	fmt.Printf("static playground in %s: serve it with any static file server (python3 -m http.server -d %s)\n", *dir, *dir)
}
