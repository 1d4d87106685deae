// Package slab hands out slices cut from chunks of memory that are kept
// from use to use, for the tables that a check of a variant puzzle
// builds anew for each puzzle (the lowering's integers, the search's
// tables): reused, they cost the collector nothing.
package slab

import "unsafe"

// Slab hands out slices of T cut from its chunks; its zero value is
// ready to use.
type Slab[T any] struct {
	chunks [][]T
	at     int // the chunk being cut
	used   int // of chunks[at]
}

// ChunkBytes is the least size of a chunk in bytes. Kept small, since
// the collector scans a slab of values with pointers in full while it
// lies in a pool: chunks of 2,048 additions (400 KB) made a collection
// of a checking process cost twice as much.
const ChunkBytes = 8 << 10

// Take returns n zeroed elements, clipped, so that an append to them
// copies them rather than overwrite the next slice cut.
func (s *Slab[T]) Take(n int) []T {
	if n == 0 {
		return nil
	}
	for ; s.at < len(s.chunks); s.at, s.used = s.at+1, 0 {
		if c := s.chunks[s.at]; s.used+n <= len(c) {
			r := c[s.used : s.used+n : s.used+n]
			s.used += n
			clear(r)
			return r
		}
	}
	var zero T
	c := make([]T, max(n, ChunkBytes/max(1, int(unsafe.Sizeof(zero)))))
	s.chunks = append(s.chunks, c)
	s.used = n
	return c[:n:n]
}

// Reset makes every chunk free again: no slice taken before may be used
// after. With clean, it zeroes the chunks used, so that a slab of values
// with pointers holds on to nothing.
func (s *Slab[T]) Reset(clean bool) {
	if clean {
		for _, c := range s.chunks[:min(s.at+1, len(s.chunks))] {
			clear(c)
		}
	}
	s.at, s.used = 0, 0
}

// Size returns the number of elements in the chunks.
func (s *Slab[T]) Size() int {
	n := 0
	for _, c := range s.chunks {
		n += len(c)
	}
	return n
}
