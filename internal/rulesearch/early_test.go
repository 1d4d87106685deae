package rulesearch

import (
	"slices"
	"testing"
)

// An early scope is probed from the first run on, a late one from
// probeLateAfter, the others from probeAfter; a scope given twice keeps
// the earlier start.
func TestScopesOfStarts(t *testing.T) {
	all := [][]int32{{3, 1}, {4, 5}, {6, 7}, {1, 3}}
	late := []bool{false, true, false, false}
	early := []bool{false, false, true, false}
	scopes, after, starts := scopesOf(all, late, early)
	if want := [][]int32{{1, 3}, {4, 5}, {6, 7}}; !slices.EqualFunc(scopes, want, slices.Equal) {
		t.Fatalf("scopes %v, want %v", scopes, want)
	}
	if want := []int{probeAfter, probeLateAfter, 0}; !slices.Equal(after, want) {
		t.Errorf("after %v, want %v", after, want)
	}
	if want := []int{0, probeAfter, probeLateAfter}; !slices.Equal(starts, want) {
		t.Errorf("starts %v, want %v", starts, want)
	}
}
