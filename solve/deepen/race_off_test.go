//go:build !race

package deepen

const raceEnabled = false
