package rules

import (
	"testing"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

func FuzzParseRules(f *testing.F) {
	f.Add([]byte("- name: A\n  condition: exists p (ahead(p) = 0)\n  conclusions:\n    - set(p, 0)\n"))
	f.Add([]byte("- name: B\n  condition: |\n    exists p,i (\n      val(p) = nil ^ i = ahead(p)\n    )\n  kind: FO\n  complexity: 2\n  conclusions: [exclude(p, > i), only(p, [i, i + 1])]\n"))
	f.Add([]byte("- name: T\n  kind: Backtrack\n  complexity: 5\n  rule_depth: 2\n"))
	f.Add(DefaultRulesText())
	f.Fuzz(func(t *testing.T, data []byte) {
		rs, err := ParseRules("fuzz.yaml", data)
		if err != nil {
			switch e := err.(type) {
			case puzzle.ErrorList:
				if len(e) == 0 {
					t.Fatal("empty error list")
				}
			case *puzzle.Error:
			default:
				t.Fatalf("unpositioned error %T: %v", err, err)
			}
			return
		}
		if _, err := rs.HumanRules(AllPasses()); err != nil {
			t.Fatalf("checked rules do not compile: %v", err)
		}
	})
}
