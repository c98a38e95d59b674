package tailbuf

import "testing"

// TestBufferKeepsTail: what is written in pieces or at once, the buffer
// keeps the last Max bytes.
func TestBufferKeepsTail(t *testing.T) {
	tests := []struct {
		name   string
		writes []string
		want   string
	}{
		{"empty", nil, ""},
		{"under", []string{"ab", "c"}, "abc"},
		{"exact", []string{"abcd"}, "abcd"},
		{"one long write", []string{"abcdefg"}, "defg"},
		{"pieces", []string{"ab", "cd", "ef"}, "cdef"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := &Buffer{Max: 4}
			for _, w := range tt.writes {
				if n, err := b.Write([]byte(w)); n != len(w) || err != nil {
					t.Fatalf("Write(%q) = %d, %v", w, n, err)
				}
			}
			if got := b.String(); got != tt.want {
				t.Errorf("String() = %q, want %q", got, tt.want)
			}
		})
	}
}
