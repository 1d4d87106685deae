package main

// stopProfile ends a CPU profile started at init; a build with the pprof
// tag (profile_pprof.go) sets it.
var stopProfile = func() {}
