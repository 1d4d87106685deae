package rate

import (
	"bytes"
	"encoding/gob"

	"github.com/sudokugen/sudokugen/grid"
)

// stepGob is a Step as gob carries it, with the unit and the shape that its
// description needs, so that a Step rated in another process reads the same.
type stepGob struct {
	Technique Technique
	Cells     []grid.Cell
	Digits    []int
	Place     *Placement
	Eliminate []Candidate
	Score     float64
	Unit      string
	Shape     grid.Shape
	Text      string
}

// GobEncode encodes the step whole, for results that cross a process
// boundary.
func (s Step) GobEncode() ([]byte, error) {
	var buf bytes.Buffer
	err := gob.NewEncoder(&buf).Encode(stepGob{s.Technique, s.Cells, s.Digits, s.Place, s.Eliminate, s.Score, s.unit, s.shape, s.text})
	return buf.Bytes(), err
}

// GobDecode decodes a step encoded by GobEncode.
func (s *Step) GobDecode(b []byte) error {
	var g stepGob
	if err := gob.NewDecoder(bytes.NewReader(b)).Decode(&g); err != nil {
		return err
	}
	*s = Step{Technique: g.Technique, Cells: g.Cells, Digits: g.Digits, Place: g.Place, Eliminate: g.Eliminate, Score: g.Score, unit: g.Unit, shape: g.Shape, text: g.Text}
	return nil
}
