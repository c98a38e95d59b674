//go:build acceptance && race

package deepen

// raceEnabled: the race detector slows gini about tenfold.
const raceEnabled = true
