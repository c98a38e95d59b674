package depgraph

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Rooms are puzzlesat's top-level folders drawn as one room each, in
// layers from the bottom up: a room may import only rooms of lower
// layers, never one of its own layer or above. A package's own tests
// count (they are compiled into it); its _test package does not, since
// it is a client of the package like a command, free to drive it through
// the whole house (the commands' tests run app, the kinds' suite
// registers the toy kind).
//
// Rules and Folders hold the packages; Rooms holds the house: with every
// import running down, no two folders lean on each other, so each can be
// read knowing only the rooms below it.
var Rooms = [][]string{
	{"internal"}, // the leaves every layer shares: they import nothing of ours
	{"srcpos", "shard"},
	{"puzzle", "sat"},
	{"display", "human"},
	{"encode"},
	{"kinds"},
	{"solve"},
	{"crosscheck"},
	{"amend"},
	{"generate"},
	{"answer"},
	{"render"},
	{"report"},
	{"serve"},
	{"bench"},
	{"app"},
	{"cmd"},
}

// Room is the top-level folder of the module-relative package path p
// ("." for the module's root package).
func Room(p string) string {
	room, _, _ := strings.Cut(p, "/")
	return room
}

// RoomImport is an import from one room into another, with the package
// imports behind it ("from → to", sorted).
type RoomImport struct {
	From, To string
	Imports  []string
}

// RoomGraph returns every import between two rooms of pkgs: the imports
// of the packages and of their own tests, not of their _test packages;
// sorted by From, then To.
func RoomGraph(pkgs []Package) []RoomImport {
	edges := map[[2]string]map[string]bool{}
	for _, p := range pkgs {
		for _, to := range slices.Concat(p.Imports, p.TestImports) {
			a, b := Room(p.Path), Room(to)
			if a == b {
				continue
			}
			key := [2]string{a, b}
			if edges[key] == nil {
				edges[key] = map[string]bool{}
			}
			edges[key][p.Path+" → "+to] = true
		}
	}
	var out []RoomImport
	for key, imps := range edges {
		out = append(out, RoomImport{From: key[0], To: key[1], Imports: slices.Sorted(maps.Keys(imps))})
	}
	slices.SortFunc(out, func(a, b RoomImport) int { return cmp.Or(cmp.Compare(a.From, b.From), cmp.Compare(a.To, b.To)) })
	return out
}

// RoomViolation is an import that does not run down the layers of rooms.
type RoomViolation struct {
	RoomImport
	FromLayer, ToLayer int
}

func (v RoomViolation) String() string {
	how := "above it"
	if v.FromLayer == v.ToLayer {
		how = "in its own layer"
	}
	return fmt.Sprintf("room %s (layer %d) imports %s (layer %d), %s: %s", v.From, v.FromLayer, v.To, v.ToLayer, how, strings.Join(v.Imports, ", "))
}

// CheckRooms returns every import between rooms of pkgs that does not run
// down layers (bottom first, as Rooms), the rooms with packages that no
// layer places, and the rooms layers name that hold no package. A cycle
// between rooms has an import that runs up or across, so it is among the
// violations.
func CheckRooms(pkgs []Package, layers [][]string) (violations []RoomViolation, unplaced, empty []string) {
	layer := map[string]int{}
	for i, rooms := range layers {
		for _, r := range rooms {
			layer[r] = i
		}
	}
	held := map[string]bool{}
	for _, p := range pkgs {
		r := Room(p.Path)
		held[r] = true
		if _, ok := layer[r]; !ok && !slices.Contains(unplaced, r) {
			unplaced = append(unplaced, r)
		}
	}
	for _, e := range RoomGraph(pkgs) {
		from, okFrom := layer[e.From]
		to, okTo := layer[e.To]
		if okFrom && okTo && to >= from {
			violations = append(violations, RoomViolation{RoomImport: e, FromLayer: from, ToLayer: to})
		}
	}
	for _, rooms := range layers {
		for _, r := range rooms {
			if !held[r] {
				empty = append(empty, r)
			}
		}
	}
	slices.Sort(unplaced)
	slices.Sort(empty)
	return violations, unplaced, empty
}
