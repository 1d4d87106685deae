package grid

import (
	"encoding/binary"
	"errors"
)

// The forms of a grid's rules on the gob wire, after its cells.
const (
	gobClassic = 0 // no rules
	gobJSON    = 1 // the rules' JSON form
	gobSlots   = 2 // the rules' slots in binary
)

// The types of data a slot may hold in the binary form, by their tag.
const (
	wireBytes = iota
	wireCells
	wireLines
	wireGroups
	wireCages
	wirePairs
	wireBool
)

// GobEncode writes g for encoding/gob (the worker processes' wire): its
// shape, its cells and its rules. Gob alone would lose the rules' data,
// which it cannot see: rules whose every slot holds data of a type the
// binary form knows (the killer cages, jigsaw regions, dots and the rest
// of the kinds that came first), whose JSON form costs the workers more
// than their search on a killer, go slot by slot in binary (appendSlots);
// the others go in their JSON form.
func (g Grid) GobEncode() ([]byte, error) {
	b := binary.AppendUvarint(nil, uint64(g.BoxRows))
	b = binary.AppendUvarint(b, uint64(g.BoxCols))
	b = binary.AppendUvarint(b, uint64(len(g.Cells)))
	b = append(b, g.Cells...)
	r := g.Rules
	if r == nil {
		return append(b, gobClassic), nil
	}
	if out, ok := appendSlots(append(b, gobSlots), r); ok {
		return out, nil
	}
	js, err := MarshalRules(r, g.N())
	if err != nil {
		return nil, err
	}
	return append(append(b, gobJSON), js...), nil
}

// appendSlots appends the slots of r in binary: their number, then each
// one's place, tag and data; false when one holds data of another type.
func appendSlots(b []byte, r *Rules) ([]byte, bool) {
	used := 0
	for _, v := range r.slots {
		if v != nil {
			used++
		}
	}
	b = binary.AppendUvarint(b, uint64(used))
	for i, v := range r.slots {
		if v == nil {
			continue
		}
		b = binary.AppendUvarint(b, uint64(i))
		switch f := v.(type) {
		case []uint8:
			b = appendBytes(append(b, wireBytes), f)
		case []int32:
			b = appendCells(append(b, wireCells), f)
		case [][]int32:
			b = binary.AppendUvarint(append(b, wireLines), uint64(len(f)))
			for _, c := range f {
				b = appendCells(b, c)
			}
		case []Group:
			b = binary.AppendUvarint(append(b, wireGroups), uint64(len(f)))
			for _, e := range f {
				b = appendCells(append(b, byte(e.Kind)), e.Cells)
			}
		case []Cage:
			b = binary.AppendUvarint(append(b, wireCages), uint64(len(f)))
			for _, c := range f {
				b = appendCells(binary.AppendUvarint(b, uint64(c.Sum)), c.Cells)
			}
		case []Pair:
			b = binary.AppendUvarint(append(b, wirePairs), uint64(len(f)))
			for _, p := range f {
				b = binary.AppendUvarint(binary.AppendUvarint(b, uint64(p[0])), uint64(p[1]))
			}
		case bool:
			b = append(b, wireBool, 0)
			if f {
				b[len(b)-1] = 1
			}
		default:
			return nil, false
		}
	}
	return b, true
}

func appendBytes(b, v []byte) []byte {
	return append(binary.AppendUvarint(b, uint64(len(v))), v...)
}

func appendCells(b []byte, cells []int32) []byte {
	b = binary.AppendUvarint(b, uint64(len(cells)))
	for _, c := range cells {
		b = binary.AppendUvarint(b, uint64(c))
	}
	return b
}

var errGob = errors.New("grid: bad gob data")

// gobIn reads what GobEncode wrote; its first problem sticks in err.
type gobIn struct {
	data []byte
	err  error
}

func (in *gobIn) uint(most uint64) uint64 {
	x, k := binary.Uvarint(in.data)
	if k <= 0 || x > most {
		in.err, in.data = errGob, nil
		return 0
	}
	in.data = in.data[k:]
	return x
}

// count reads a length of things that take at least one byte each.
func (in *gobIn) count() int { return int(in.uint(uint64(len(in.data)))) }

func (in *gobIn) bytes() []byte {
	n := in.count()
	if n > len(in.data) {
		in.err, in.data = errGob, nil
	}
	if n == 0 || in.err != nil {
		return nil
	}
	v := append([]byte(nil), in.data[:n]...)
	in.data = in.data[n:]
	return v
}

func (in *gobIn) cells() []int32 {
	n := in.count()
	if n == 0 {
		return nil
	}
	v := make([]int32, n)
	for i := range v {
		v[i] = int32(in.uint(1 << 30))
	}
	return v
}

// GobDecode reads what GobEncode wrote.
func (g *Grid) GobDecode(data []byte) error {
	in := &gobIn{data: data}
	rows, cols := in.uint(1<<16), in.uint(1<<16)
	cells := in.bytes()
	if in.err != nil || len(in.data) == 0 {
		return errGob
	}
	*g = Grid{Shape: Shape{BoxRows: int(rows), BoxCols: int(cols)}, Cells: cells}
	form := in.data[0]
	in.data = in.data[1:]
	switch form {
	case gobClassic:
		return nil
	case gobJSON:
		r, err := UnmarshalRules(in.data, g.Shape)
		if err != nil {
			return err
		}
		g.Rules = r
		return nil
	case gobSlots:
		r := in.slots()
		if in.err != nil || len(in.data) != 0 {
			return errGob
		}
		if r.Empty() {
			return nil
		}
		if err := r.Validate(g.Shape); err != nil {
			return err
		}
		g.Rules = r
		return nil
	}
	return errGob
}

// slots reads the slots of Rules that GobEncode wrote in binary.
func (in *gobIn) slots() *Rules {
	r := NewRules()
	n := in.count()
	for range n {
		i := int(in.uint(uint64(keys - 1)))
		if in.err != nil {
			return r
		}
		if i >= len(r.slots) {
			r.slots = append(r.slots, make([]any, i+1-len(r.slots))...)
		}
		r.slots[i] = in.slot()
	}
	return r
}

// slot reads the tag and the data of one slot.
func (in *gobIn) slot() any {
	switch in.uint(wireBool) {
	case wireBytes:
		return in.bytes()
	case wireCells:
		return in.cells()
	case wireLines:
		f := make([][]int32, in.count())
		for i := range f {
			f[i] = in.cells()
		}
		return f
	case wireGroups:
		f := make([]Group, in.count())
		for i := range f {
			f[i] = Group{Kind: GroupKind(in.uint(255)), Cells: in.cells()}
		}
		return f
	case wireCages:
		f := make([]Cage, in.count())
		for i := range f {
			f[i].Sum = int(in.uint(1 << 30))
			f[i].Cells = in.cells()
		}
		return f
	case wirePairs:
		f := make([]Pair, in.count())
		for i := range f {
			f[i] = Pair{int32(in.uint(1 << 30)), int32(in.uint(1 << 30))}
		}
		return f
	}
	return in.uint(1) == 1
}
