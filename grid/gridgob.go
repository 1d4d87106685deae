package grid

import (
	"bytes"
	"encoding/gob"
)

// A Grid travels between worker processes as gob. Its rules go in their
// JSON form (MarshalRules), which every kind of the table writes and
// reads: gob sees only exported fields, and the data of the kinds added
// since the first ones lives in the rules' slots (see Rules.slot), which
// gob would silently drop.

// gridGob is the gob form of a Grid.
type gridGob struct {
	Shape Shape
	Cells []uint8
	Rules []byte // the JSON form, nil for no rules
}

// GobEncode writes g for encoding/gob.
func (g Grid) GobEncode() ([]byte, error) {
	w := gridGob{Shape: g.Shape, Cells: g.Cells}
	if !g.Rules.Empty() {
		data, err := MarshalRules(g.Rules, g.N())
		if err != nil {
			return nil, err
		}
		w.Rules = data
	}
	var b bytes.Buffer
	err := gob.NewEncoder(&b).Encode(w)
	return b.Bytes(), err
}

// GobDecode reads a grid that GobEncode wrote.
func (g *Grid) GobDecode(data []byte) error {
	var w gridGob
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&w); err != nil {
		return err
	}
	*g = Grid{Shape: w.Shape, Cells: w.Cells}
	if w.Rules != nil {
		r, err := UnmarshalRules(w.Rules, w.Shape)
		if err != nil {
			return err
		}
		g.Rules = r
	}
	return nil
}
