package slab

import (
	"testing"
	"unsafe"
)

// Slices taken between two resets never overlap, are zeroed and clipped,
// and after a reset the chunks are cut again from the start.
func TestTakeCutsApartAndReuses(t *testing.T) {
	var s Slab[int]
	chunk := ChunkBytes / int(unsafe.Sizeof(0))
	last := 0
	for round := range 3 {
		var got [][]int
		for _, n := range []int{5, chunk - 3, 7, chunk + 10, 1, 300} {
			r := s.Take(n)
			if len(r) != n || cap(r) != n {
				t.Fatalf("round %d: Take(%d) has length %d, room %d", round, n, len(r), cap(r))
			}
			for i, v := range r {
				if v != 0 {
					t.Fatalf("round %d: Take(%d)[%d] = %d, not zeroed", round, n, i, v)
				}
			}
			for i := range r {
				r[i] = len(got) + 1
			}
			got = append(got, r)
		}
		for k, r := range got {
			for _, v := range r {
				if v != k+1 {
					t.Fatalf("round %d: slice %d overwritten by another (%d)", round, k, v)
				}
			}
		}
		size := s.Size()
		s.Reset(false)
		if round > 0 && size != last {
			t.Fatalf("round %d: %d elements in the chunks, %d the round before: not reused", round, size, last)
		}
		last = size
	}
	if s.Take(0) != nil {
		t.Fatal("Take(0) is not nil")
	}
}
