package rulesearch

import (
	"sync"

	"github.com/sudokugen/sudokugen/internal/slab"
)

// A model's clause table, additions and ladders (clauses.go, adds.go) are
// most of the bytes that a check of a variant puzzle allocates: 115 KB
// of a sandwich check's 230. A worker checks puzzle after puzzle, each
// with rules of its own, so the collector ran every 60 to 100 checks and
// cost the check it landed in a millisecond or more. The tables are cut
// from a tableMem taken from a pool when the model is built, and
// Model.Release gives it back for the next model.

// tableMem is the memory of a model's clause table, additions and
// ladders, and of the maps that build them.
type tableMem struct {
	i32      slab.Slab[int32]
	i16      slab.Slab[int16]
	u64      slab.Slab[uint64]
	olits    slab.Slab[olit]
	refs     slab.Slab[ordRef]
	lists    slab.Slab[[]int32]
	refLists slab.Slab[[]ordRef]
	adds     slab.Slab[addition]
	ladders  slab.Slab[ladder]
	skip     slab.Slab[bool]
	// the ords of newAdditions, numbered (see number): all[id], and per
	// ordKey the last numbered with it, the one before at next[id] (-1
	// ends)
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
	if max(mem.i32.Size(), mem.olits.Size(), mem.refs.Size(), mem.u64.Size()) > tableMemMax {
		return
	}
	mem.i32.Reset(false)
	mem.i16.Reset(false)
	mem.u64.Reset(false)
	mem.olits.Reset(false)
	mem.refs.Reset(false)
	mem.skip.Reset(false)
	mem.lists.Reset(true)
	mem.refLists.Reset(true)
	mem.adds.Reset(true)
	mem.ladders.Reset(true)
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
