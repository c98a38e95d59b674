//go:build js

package search

// embeddedTileFile: none in the WebAssembly build (see tiles_embed.go).
var embeddedTileFile []byte
