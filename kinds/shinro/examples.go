package shinro

import "embed"

// examples are the playground's bundled Shinro puzzles (kinds/examples.md
// says where each comes from).
//
//go:embed examples/*.txt
var examples embed.FS
