package rate

import (
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/internal/rulesearch"
)

// Trials returns the candidates of variant puzzle g after its propagation
// and the trials one digit deep of its medium level.
func Trials(g grid.Grid) []uint64 {
	s := rulesearch.New(rulesearch.NewModel(g.Shape, g.Rules))
	cand, _ := s.Start(g.Cells)
	trials(s, cand)
	return cand
}
