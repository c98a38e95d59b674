package depgraph

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestRooms is the house check of `make test`: drawn with each top-level
// folder as one room, every import of the module (and of its packages'
// own tests) runs down the layers of Rooms.
func TestRooms(t *testing.T) {
	pkgs := modulePackages(t)
	violations, unplaced, empty := CheckRooms(pkgs, Rooms)
	for _, v := range violations {
		t.Errorf("import against the layers of rooms: %s", v)
	}
	for _, r := range unplaced {
		t.Errorf("top-level folder %s is in no layer: add it to Rooms in internal/depgraph", r)
	}
	for _, r := range empty {
		t.Errorf("Rooms names %s, which holds no package: take it out", r)
	}
	for _, e := range RoomGraph(pkgs) {
		t.Logf("%s → %s (%d)", e.From, e.To, len(e.Imports))
	}
}

// TestCheckRooms runs the room check on small made-up graphs.
func TestCheckRooms(t *testing.T) {
	layers := [][]string{{"leaf"}, {"model", "sat"}, {"app"}}
	tests := []struct {
		name            string
		pkgs            []Package
		want            []string // "from(layer)→to(layer): imports"
		unplaced, empty []string
	}{
		{"down the layers", []Package{
			{Path: "leaf"}, {Path: "model/x", Imports: []string{"leaf"}}, {Path: "sat", Imports: []string{"leaf"}},
			{Path: "app", Imports: []string{"model/x", "sat", "leaf"}},
		}, nil, nil, nil},
		{"up a layer", []Package{
			{Path: "leaf", Imports: []string{"model/x"}}, {Path: "model/x"}, {Path: "sat"}, {Path: "app"},
		}, []string{"leaf(0)→model(1): leaf → model/x"}, nil, nil},
		{"across one layer", []Package{
			{Path: "leaf"}, {Path: "model/x", Imports: []string{"sat/y"}}, {Path: "sat/y"}, {Path: "app"},
		}, []string{"model(1)→sat(1): model/x → sat/y"}, nil, nil},
		{"imports within a room", []Package{
			{Path: "leaf"}, {Path: "model/x", Imports: []string{"leaf"}}, {Path: "model/y"}, {Path: "sat"},
			{Path: "app", Imports: []string{"model/y"}}, {Path: "app/t", Imports: []string{"app"}},
		}, nil, nil, nil},
		{"a cycle between rooms", []Package{
			{Path: "leaf"}, {Path: "model/x", Imports: []string{"app/z"}}, {Path: "sat"}, {Path: "app/z", Imports: []string{"model/x"}},
		}, []string{"model(1)→app(2): model/x → app/z"}, nil, nil},
		{"a package's own tests count", []Package{
			{Path: "leaf"}, {Path: "model/x", TestImports: []string{"app"}}, {Path: "sat"}, {Path: "app"},
		}, []string{"model(1)→app(2): model/x → app"}, nil, nil},
		{"its _test package does not", []Package{
			{Path: "leaf"}, {Path: "model/x", XTestImports: []string{"app"}}, {Path: "sat"}, {Path: "app"},
		}, nil, nil, nil},
		{"imports merged per room pair", []Package{
			{Path: "leaf", Imports: []string{"sat", "app"}, TestImports: []string{"sat/b"}}, {Path: "model"}, {Path: "sat"}, {Path: "sat/b"}, {Path: "app"},
		}, []string{"leaf(0)→app(2): leaf → app", "leaf(0)→sat(1): leaf → sat, leaf → sat/b"}, nil, nil},
		{"a folder in no layer, a layer naming no folder", []Package{
			{Path: "leaf"}, {Path: "misc", Imports: []string{"app"}}, {Path: "model"}, {Path: "app"},
		}, nil, []string{"misc"}, []string{"sat"}},
	}
	for _, tt := range tests {
		vs, unplaced, empty := CheckRooms(tt.pkgs, layers)
		var have []string
		for _, v := range vs {
			have = append(have, fmt.Sprintf("%s(%d)→%s(%d): %s", v.From, v.FromLayer, v.To, v.ToLayer, strings.Join(v.Imports, ", ")))
		}
		if !slices.Equal(have, tt.want) {
			t.Errorf("%s: have violations %q, want %q", tt.name, have, tt.want)
		}
		if !slices.Equal(unplaced, tt.unplaced) {
			t.Errorf("%s: have unplaced %q, want %q", tt.name, unplaced, tt.unplaced)
		}
		if !slices.Equal(empty, tt.empty) {
			t.Errorf("%s: have empty %q, want %q", tt.name, empty, tt.empty)
		}
	}
}

// TestRoomViolationMessage: the message names both rooms, their layers,
// which way the import runs and the package imports behind it.
func TestRoomViolationMessage(t *testing.T) {
	tests := []struct {
		v    RoomViolation
		want string
	}{
		{RoomViolation{RoomImport{"internal", "app", []string{"internal/clitest → app"}}, 0, 14},
			"room internal (layer 0) imports app (layer 14), above it: internal/clitest → app"},
		{RoomViolation{RoomImport{"human", "display", []string{"human → display", "human/x → display"}}, 3, 3},
			"room human (layer 3) imports display (layer 3), in its own layer: human → display, human/x → display"},
	}
	for _, tt := range tests {
		if have := tt.v.String(); have != tt.want {
			t.Errorf("have %q, want %q", have, tt.want)
		}
	}
}
