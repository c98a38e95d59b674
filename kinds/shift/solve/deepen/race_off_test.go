//go:build acceptance && !race

package deepen

const raceEnabled = false
