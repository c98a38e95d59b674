//go:build !js

package search

import _ "embed"

// Loopover 4×4's tile database ships inside puzzlesat: every machine
// would build the same 2.9 MB (2.7 s), and a solve on a machine where
// `shift tables` never ran would go without it (4×4 median 105 ms
// rather than 61 ms, p90 200 rather than 92). The file is the table's
// key (16 bytes) and its payload; TestEmbeddedTileDB builds it afresh
// and compares, and `go test -run TestEmbeddedTileDB -update` rewrites it
// after a change to the table. Not in the WebAssembly build, whose
// every kilobyte a phone downloads.
//
//go:embed tiles_loopover4x4.bin
var embeddedTileFile []byte
