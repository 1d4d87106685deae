package grid

import (
	"encoding/binary"
	"errors"
	"fmt"
	"reflect"
	"slices"
)

// The forms of a grid's rules on the gob wire, after its cells.
const (
	gobClassic = 0 // no rules
	gobJSON    = 1 // the rules' JSON form: rules with kinds kept in slots
	gobFields  = 2 // the fields of Rules in binary: rules without slots
)

// GobEncode writes g for encoding/gob (the worker processes' wire): its
// shape, its cells and its rules. Gob alone would lose the data of the
// kinds that keep it in the rules' slots, which are not exported fields:
// rules with such kinds go in their JSON form; the others, the kinds that
// came first (killer cages, jigsaw regions and the rest), whose JSON form
// costs the workers more than their search on a killer, go as their
// exported fields in binary (appendFields).
func (g Grid) GobEncode() ([]byte, error) {
	b := binary.AppendUvarint(nil, uint64(g.BoxRows))
	b = binary.AppendUvarint(b, uint64(g.BoxCols))
	b = binary.AppendUvarint(b, uint64(len(g.Cells)))
	b = append(b, g.Cells...)
	r := g.Rules
	switch {
	case r == nil:
		return append(b, gobClassic), nil
	case slices.ContainsFunc(r.more, func(s any) bool { return s != nil }):
		js, err := MarshalRules(r, g.N())
		if err != nil {
			return nil, err
		}
		return append(append(b, gobJSON), js...), nil
	}
	return appendFields(append(b, gobFields), reflect.ValueOf(r).Elem())
}

// appendFields appends the exported fields of the rules v in binary, in
// the order of the struct, each by its type: so a field added to Rules
// of one of these types crosses the wire with no code here, and one of
// another type fails at once (TestGridGob).
func appendFields(b []byte, v reflect.Value) ([]byte, error) {
	for i := range v.NumField() {
		if !v.Type().Field(i).IsExported() {
			continue
		}
		switch f := v.Field(i).Interface().(type) {
		case []uint8:
			b = appendBytes(b, f)
		case []int32:
			b = appendCells(b, f)
		case [][]int32:
			b = binary.AppendUvarint(b, uint64(len(f)))
			for _, c := range f {
				b = appendCells(b, c)
			}
		case []Group:
			b = binary.AppendUvarint(b, uint64(len(f)))
			for _, e := range f {
				b = appendCells(append(b, byte(e.Kind)), e.Cells)
			}
		case []Cage:
			b = binary.AppendUvarint(b, uint64(len(f)))
			for _, c := range f {
				b = appendCells(binary.AppendUvarint(b, uint64(c.Sum)), c.Cells)
			}
		case []Pair:
			b = binary.AppendUvarint(b, uint64(len(f)))
			for _, p := range f {
				b = binary.AppendUvarint(binary.AppendUvarint(b, uint64(p[0])), uint64(p[1]))
			}
		case bool:
			if f {
				b = append(b, 1)
			} else {
				b = append(b, 0)
			}
		default:
			return nil, fmt.Errorf("grid: the wire has no form for rules' field %s", v.Type().Field(i).Name)
		}
	}
	return b, nil
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
	case gobFields:
		r := in.fields()
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

// fields reads the fields of Rules that GobEncode wrote in binary.
func (in *gobIn) fields() *Rules {
	r := &Rules{}
	v := reflect.ValueOf(r).Elem()
	for i := range v.NumField() {
		if !v.Type().Field(i).IsExported() {
			continue
		}
		switch f := v.Field(i).Addr().Interface().(type) {
		case *[]uint8:
			*f = in.bytes()
		case *[]int32:
			*f = in.cells()
		case *[][]int32:
			if n := in.count(); n > 0 {
				*f = make([][]int32, n)
				for i := range *f {
					(*f)[i] = in.cells()
				}
			}
		case *[]Group:
			if n := in.count(); n > 0 {
				*f = make([]Group, n)
				for i := range *f {
					(*f)[i] = Group{Kind: GroupKind(in.uint(255)), Cells: in.cells()}
				}
			}
		case *[]Cage:
			if n := in.count(); n > 0 {
				*f = make([]Cage, n)
				for i := range *f {
					(*f)[i].Sum = int(in.uint(1 << 30))
					(*f)[i].Cells = in.cells()
				}
			}
		case *[]Pair:
			if n := in.count(); n > 0 {
				*f = make([]Pair, n)
				for i := range *f {
					(*f)[i] = Pair{int32(in.uint(1 << 30)), int32(in.uint(1 << 30))}
				}
			}
		case *bool:
			*f = in.uint(1) == 1
		}
	}
	return r
}
