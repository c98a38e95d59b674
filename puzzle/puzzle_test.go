package puzzle

import (
	"encoding/json"
	"testing"
)

// TestPosJSON: positions are written numbered from 1, as the text writes
// them, and read back.
func TestPosJSON(t *testing.T) {
	for _, tc := range []struct {
		pos  Pos
		want string
	}{
		{Pos{0, 0}, `{"row":1,"col":1}`},
		{Pos{2, 11}, `{"row":3,"col":12}`},
	} {
		have, err := json.Marshal(tc.pos)
		if err != nil || string(have) != tc.want {
			t.Errorf("Marshal(%v): have %s, %v; want %s", tc.pos, have, err, tc.want)
		}
		var back Pos
		if err := json.Unmarshal(have, &back); err != nil || back != tc.pos {
			t.Errorf("Unmarshal(%s): have %v, %v; want %v", have, back, err, tc.pos)
		}
	}
}
