package puzzlecmd

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
)

// The JSON objects the puzzle commands write are the answer layer's
// records (answer.SolveRecord, CheckRecord, BackboneRecord, CountRecord,
// VerifyRecord, GradeRecord, HintRecord), the ones the playground's API
// writes too, each in an envelope that names the puzzle's file, kind and
// name (filed). Keys are in alphabetical order, the order the output has
// always had (it used to be written from maps, which encoding/json sorts
// by key); a test holds every record to it.

// filed is an answer as the command line writes it: the answer's keys and
// the puzzle's file, kind and name among them, in sorted order.
type filed struct {
	File, Kind, Name string
	Answer           any
}

// MarshalJSON writes the answer's object with "file", "kind" and "name"
// merged in, every key in sorted order. Values are written as the answer
// writes them, without HTML escapes (as appio.WriteJSON writes).
func (f filed) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(f.Answer); err != nil {
		return nil, err
	}
	fields := map[string]json.RawMessage{}
	if err := json.Unmarshal(buf.Bytes(), &fields); err != nil {
		return nil, err
	}
	for k, v := range map[string]string{"file": f.File, "kind": f.Kind, "name": f.Name} {
		buf.Reset()
		if err := enc.Encode(v); err != nil {
			return nil, err
		}
		fields[k] = bytes.TrimSuffix(slices.Clone(buf.Bytes()), []byte("\n"))
	}
	buf.Reset()
	buf.WriteByte('{')
	for i, k := range slices.Sorted(maps.Keys(fields)) {
		if i > 0 {
			buf.WriteByte(',')
		}
		key, _ := json.Marshal(k)
		buf.Write(key)
		buf.WriteByte(':')
		buf.Write(fields[k])
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}
