//go:build !race

package gridtest

// Race is whether the race detector is on (see SkipUnderRace).
const Race = false
