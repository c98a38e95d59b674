package serve

import (
	"net/http"
	"slices"
	"testing"

	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/toymoves"
)

// TestToyMovesRoutes: a kind played by moves added to a registry with one
// line (Rotor) is listed with the moves routes, and answered by them when
// named (its text, its built-in) as when told from its text; a built-in
// of another moves kind is not its own.
func TestToyMovesRoutes(t *testing.T) {
	reg, err := kinds.Default().With(toymoves.Kind)
	if err != nil {
		t.Fatal(err)
	}
	_, ts := newTestServer(t, Options{Kinds: reg})
	var ks struct {
		Kinds []kindJSON `json:"kinds"`
	}
	if status, data := do(t, ts, http.MethodGet, "/api/kinds", nil, &ks); status != http.StatusOK {
		t.Fatalf("GET /api/kinds: %d %s", status, data)
	}
	i := slices.IndexFunc(ks.Kinds, func(k kindJSON) bool { return k.Name == toymoves.Name })
	if i < 0 || ks.Kinds[i].Moves == nil || ks.Kinds[i].Moves.API["parse"] != "/api/moves/parse" {
		t.Fatalf("/api/kinds lists the toy as %+v, want it with the moves routes", ks.Kinds)
	}
	for _, tc := range []struct {
		name string
		req  map[string]any
	}{
		{"named", map[string]any{"kind": toymoves.Name, "text": "rotor\nstart 2 1 3\n"}},
		{"detected", map[string]any{"text": "rotor\nstart 2 1 3\n"}},
		{"built-in", map[string]any{"kind": toymoves.Name, "builtin": "rotor:3", "moves": []string{"s"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var rec struct {
				Status string   `json:"status"`
				Moves  []string `json:"moves"`
			}
			post(t, ts, "/api/moves/solve", tc.req, &rec)
			if rec.Status != "optimal" || !slices.Equal(rec.Moves, []string{"s"}) {
				t.Errorf("have %+v, want optimal by the swap s", rec)
			}
		})
	}
	if code, body := do(t, ts, http.MethodPost, "/api/moves/parse", map[string]any{"kind": toymoves.Name, "builtin": "reborn"}, nil); code != http.StatusBadRequest {
		t.Errorf("Rotor's built-in reborn: have %d %s, want 400", code, body)
	}
}
