package juosan

import "embed"

// examples are the playground's bundled Juosan puzzles (kinds/examples.md
// says where each comes from).
//
//go:embed examples/*.txt
var examples embed.FS
