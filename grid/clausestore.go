package grid

import (
	"sync"

	"github.com/sudokugen/sudokugen/internal/slab"
)

// A clauseStore is the memory of a Lowered's clauses: the list of them
// and the chunks their literals are cut from (see Lowered.LitRoom). A
// lowering for the search (LowerForSearch) takes one from a pool, and its
// reader gives it back once it has read the clauses (ReleaseClauses), so
// that checking puzzle after puzzle does not allocate them anew: a
// skyscraper puzzle's 2,000 clauses took a third of the bytes its check
// allocated, and the collector's work grew with them.
type clauseStore struct {
	list   [][]int
	chunks [][]int          // every chunk cut so far, the current one last
	next   int              // the chunk to cut from once the current one is full
	ints   slab.Slab[int]   // of Ints
	int32s slab.Slab[int32] // of Int32s
	// the lists of the Adds and Ladders
	adds    []Addition
	ladders []Ladder
}

// chunkLits is the size of a chunk of literals, and maxStoredLits the
// most literals a store may hold and still go back to the pool: a
// lowering of a large grid's clauses is left to the collector.
const (
	chunkLits     = 4096
	maxStoredLits = 1 << 20
)

var clauseStores = sync.Pool{New: func() any { return new(clauseStore) }}

// LitRoom returns an empty slice with room for n literals at least, for
// a clause of l: from l's store when it has one, else new.
func (l *Lowered) LitRoom(n int) []int {
	st := l.store
	if st == nil {
		return make([]int, 0, max(1024, n))
	}
	for st.next < len(st.chunks) {
		c := st.chunks[st.next]
		st.next++
		if cap(c) >= n {
			return c[:0]
		}
	}
	c := make([]int, 0, max(chunkLits, n))
	st.chunks = append(st.chunks, c)
	st.next = len(st.chunks)
	return c
}

// Ints returns n zeroed integers for the values and literals of an
// Addition or a Ladder of l, or for a clause, which its reader copies:
// from l's store when it has one, where they last until ReleaseClauses,
// else new.
func (l *Lowered) Ints(n int) []int {
	if l.store == nil {
		return make([]int, n)
	}
	return l.store.ints.Take(n)
}

// Int32s is Ints for the cells of an Addition, which its reader copies.
func (l *Lowered) Int32s(n int) []int32 {
	if l.store == nil {
		return make([]int32, n)
	}
	return l.store.int32s.Take(n)
}

// ReleaseClauses gives the memory of l's clauses back for the next
// lowering, when l has a store (LowerForSearch): l.Clauses is nil after
// it, as are l.Adds and l.Ladders, and no slice of the clauses, or of the
// values, literals and cells of the additions and ladders (see Ints and
// Int32s), read before may be used again. The reader that lowered the
// rules calls it once it has read them.
func (l *Lowered) ReleaseClauses() {
	st := l.store
	if st == nil {
		return
	}
	list, adds, ladders := l.Clauses, l.Adds, l.Ladders
	l.store, l.Clauses, l.Adds, l.Ladders = nil, nil, nil, nil
	size := 0
	for _, c := range st.chunks {
		size += cap(c)
	}
	if size+st.ints.Size()+st.int32s.Size() > maxStoredLits {
		return
	}
	clear(list[:cap(list)])
	clear(adds[:cap(adds)])
	clear(ladders[:cap(ladders)])
	st.list, st.adds, st.ladders = list[:0], adds[:0], ladders[:0]
	st.next = 0
	st.ints.Reset(false)
	st.int32s.Reset(false)
	clauseStores.Put(st)
}
