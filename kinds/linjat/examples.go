package linjat

import "embed"

// examples are the playground's bundled Linjat puzzles (kinds/examples.md
// says where each comes from).
//
//go:embed examples/*.txt
var examples embed.FS
