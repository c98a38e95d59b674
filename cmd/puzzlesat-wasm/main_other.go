//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "puzzlesat-wasm is the playground's API for a browser: build it with GOOS=js GOARCH=wasm, or run `make site` for the static playground")
	os.Exit(2)
}
