package grid

import (
	"encoding/binary"
	"errors"
)

// GobEncode writes g for encoding/gob (the worker processes' wire): its
// shape, its cells and its rules in their JSON form. Gob alone would lose
// the data of the kinds that keep it in the rules' slots, which are not
// exported fields.
func (g Grid) GobEncode() ([]byte, error) {
	b := binary.AppendUvarint(nil, uint64(g.BoxRows))
	b = binary.AppendUvarint(b, uint64(g.BoxCols))
	b = binary.AppendUvarint(b, uint64(len(g.Cells)))
	b = append(b, g.Cells...)
	if g.Rules == nil {
		return append(b, 0), nil
	}
	js, err := MarshalRules(g.Rules, g.N())
	if err != nil {
		return nil, err
	}
	return append(append(b, 1), js...), nil
}

// GobDecode reads what GobEncode wrote.
func (g *Grid) GobDecode(data []byte) error {
	bad := errors.New("grid: bad gob data")
	var v [3]uint64
	for i := range v {
		x, k := binary.Uvarint(data)
		if k <= 0 {
			return bad
		}
		v[i], data = x, data[k:]
	}
	if v[0] > 1<<16 || v[1] > 1<<16 || v[2] > uint64(len(data)) || len(data) < int(v[2])+1 {
		return bad
	}
	*g = Grid{Shape: Shape{BoxRows: int(v[0]), BoxCols: int(v[1])}, Cells: append([]uint8(nil), data[:v[2]]...)}
	data = data[v[2]:]
	if data[0] == 0 {
		return nil
	}
	r, err := UnmarshalRules(data[1:], g.Shape)
	if err != nil {
		return err
	}
	g.Rules = r
	return nil
}
