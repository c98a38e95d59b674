//go:build acceptance

package app_test

import (
	"testing"
	"time"
)

// TestAcceptanceHostile runs the hostile cases that take seconds of work
// by design (make acceptance), out of make test.
func TestAcceptanceHostile(t *testing.T) {
	runHostile(t, []hostileCase{
		{name: "rules with six free variables hit the work bound", file: "slow-rules.yaml",
			args: []string{"grade", "--rules", "{F}", "testdata/arrows/2026-03-07"},
			// 2^26 bindings: seconds of work, not the hours the condition
			// would take unbound.
			exit: 2, stderr: []string{"rule SLOW: condition went over its work bound"}, maxCPU: time.Minute},
	})
}
