package rulesearch

import "sync"

// A model's clause table, additions and ladders (clauses.go, adds.go) are
// most of the bytes that a check of a variant puzzle allocates: 115 KB
// of a sandwich check's 230. A worker checks puzzle after puzzle, each
// with rules of its own, so the collector ran every 60 to 100 checks and
// cost the check it landed in a millisecond or more. The tables are cut
// from a tableMem taken from a pool when the model is built, and
// Model.Release gives it back for the next model.

// slab hands out slices of T cut from chunks that it keeps from use to
// use (see reset).
type slab[T any] struct {
	chunks [][]T
	at     int // the chunk being cut
	used   int // of chunks[at]
}

// slabChunk is the least length of a slab's chunk.
const slabChunk = 2048

// take returns n zeroed elements of s, clipped, so that an append to them
// copies them rather than overwrite the next slice cut.
func (s *slab[T]) take(n int) []T {
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
	c := make([]T, max(n, slabChunk))
	s.chunks = append(s.chunks, c)
	s.used = n
	return c[:n:n]
}

// reset makes every chunk of s free again; with clean, it zeroes them, so
// that a slab of values with pointers holds on to nothing.
func (s *slab[T]) reset(clean bool) {
	if clean {
		for _, c := range s.chunks[:min(s.at+1, len(s.chunks))] {
			clear(c)
		}
	}
	s.at, s.used = 0, 0
}

// size returns the number of elements in s's chunks.
func (s *slab[T]) size() int {
	n := 0
	for _, c := range s.chunks {
		n += len(c)
	}
	return n
}

// tableMem is the memory of a model's clause table, additions and
// ladders, and of the maps that build them.
type tableMem struct {
	i32      slab[int32]
	i16      slab[int16]
	u64      slab[uint64]
	olits    slab[olit]
	refs     slab[ordRef]
	lists    slab[[]int32]
	refLists slab[[]ordRef]
	adds     slab[addition]
	ladders  slab[ladder]
	skip     slab[bool]
	// the ords of newAdditions, numbered: all[id], and per ordKey the
	// last numbered with it, the one before at next[id] (-1 ends)
	all   []ord
	index map[ordKey]int32
	next  []int32
	// the keys and values that lists sorts into lists
	keys, valBuf []int32
	refBuf       []ordRef
}

// tableMemMax is the most elements of a kind that a tableMem keeps when
// given back; a larger one, of a large grid's model, is left to the
// collector.
const tableMemMax = 1 << 20

var tableMems = sync.Pool{New: func() any { return &tableMem{index: map[ordKey]int32{}} }}

// newTableMem returns a tableMem from the pool, ready to cut from.
func newTableMem() *tableMem { return tableMems.Get().(*tableMem) }

// put gives mem back to the pool, unless it is large.
func (mem *tableMem) put() {
	if max(mem.i32.size(), mem.olits.size(), mem.refs.size(), mem.u64.size()) > tableMemMax {
		return
	}
	mem.i32.reset(false)
	mem.i16.reset(false)
	mem.u64.reset(false)
	mem.olits.reset(false)
	mem.refs.reset(false)
	mem.skip.reset(false)
	mem.lists.reset(true)
	mem.refLists.reset(true)
	mem.adds.reset(true)
	mem.ladders.reset(true)
	clear(mem.all)
	mem.all = mem.all[:0]
	clear(mem.index)
	mem.next = mem.next[:0]
	tableMems.Put(mem)
}

// Release gives the memory of m's clause table, additions and ladders
// back for the next model to be built. Neither m nor any search on m, or
// on a model derived from it (WithoutImplied, WithoutWide), may be used
// after.
func (m *Model) Release() {
	if m.mem == nil {
		return
	}
	mem := m.mem
	if m.own != nil {
		*m.own = clauseTable{released: true} // a search on m or a model derived from it fails loudly
	}
	m.mem, m.own, m.adds, m.ladders = nil, nil, nil, nil
	mem.put()
}
