package main

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// answer runs one request through the browser build's handle and returns
// its parts.
func answer(t *testing.T, req request) []message {
	t.Helper()
	s, err := newServer()
	if err != nil {
		t.Fatal(err)
	}
	var parts []message
	handle(s, req, func(m message) { parts = append(parts, m) })
	if len(parts) < 2 || parts[0].Kind != "head" || parts[len(parts)-1].Kind != "end" {
		t.Fatalf("%s %s: parts %+v, want a head, chunks and an end", req.Method, req.Path, parts)
	}
	for _, m := range parts[1 : len(parts)-1] {
		if m.Kind != "chunk" {
			t.Fatalf("%s %s: part %+v between the head and the end, want chunks only", req.Method, req.Path, m)
		}
	}
	return parts
}

func body(parts []message) string {
	var b strings.Builder
	for _, m := range parts {
		b.WriteString(m.Data)
	}
	return b.String()
}

// TestHandleJSON: a GET and a POST answer as the native server does, in
// one chunk; an error keeps its status.
func TestHandleJSON(t *testing.T) {
	parts := answer(t, request{Method: "GET", Path: "/api/kinds"})
	if h := parts[0]; h.Status != http.StatusOK || !strings.HasPrefix(h.Type, "application/json") || len(parts) != 3 {
		t.Fatalf("/api/kinds: %+v, want 200 JSON in one chunk", parts)
	}
	var kinds struct{ Kinds []struct{ Name string } }
	if err := json.Unmarshal([]byte(body(parts)), &kinds); err != nil || len(kinds.Kinds) == 0 {
		t.Fatalf("/api/kinds: %v, %q", err, body(parts))
	}
	parts = answer(t, request{Method: "POST", Path: "/api/check", Body: `{"text":"https://puzz.link/p?juosan/6/6/hh44aa0fo3u017253334"}`})
	if parts[0].Status != http.StatusOK || !strings.Contains(body(parts), `"unique"`) {
		t.Errorf("/api/check: %+v, want unique", parts)
	}
	parts = answer(t, request{Method: "POST", Path: "/api/check", Body: `{"text":"nonsense"}`})
	if parts[0].Status != http.StatusBadRequest || !strings.Contains(body(parts), `"error"`) {
		t.Errorf("/api/check of nonsense: %+v, want a 400 with its error", parts)
	}
	parts = answer(t, request{Method: "GET", Path: "/index.html"})
	if parts[0].Status != http.StatusNotFound {
		t.Errorf("a page file: %+v, want 404 (only the API is answered)", parts)
	}
}

// TestHandleEvents: a request for server-sent events is answered event by
// event, a chunk each, the result last.
func TestHandleEvents(t *testing.T) {
	parts := answer(t, request{Method: "POST", Path: "/api/generate", Accept: "text/event-stream",
		Body: `{"kind":"shinro","rows":5,"cols":5,"difficulty":"easy","seed":3}`})
	if parts[0].Status != http.StatusOK || parts[0].Type != "text/event-stream" {
		t.Fatalf("head %+v, want 200 text/event-stream", parts[0])
	}
	chunks := parts[1 : len(parts)-1]
	if len(chunks) < 2 {
		t.Fatalf("%d chunks, want an attempt and the result", len(chunks))
	}
	for i, c := range chunks {
		if strings.Count(c.Data, "event: ") != 1 {
			t.Errorf("chunk %d %q, want one event", i, c.Data)
		}
	}
	if !strings.HasPrefix(chunks[0].Data, "event: attempt\n") || !strings.HasPrefix(chunks[len(chunks)-1].Data, "event: result\n") {
		t.Errorf("chunks begin %q and end %q, want attempts then the result", chunks[0].Data, chunks[len(chunks)-1].Data)
	}
}
