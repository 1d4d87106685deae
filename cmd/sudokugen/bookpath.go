package main

import (
	"errors"
	"fmt"

	"github.com/sudokugen/sudokugen/output"
	"github.com/sudokugen/sudokugen/rate"
	"github.com/sudokugen/sudokugen/worker"
)

// maxPathSteps is the most steps of a puzzle's solve that a book's
// solving paths carry: a 9x9 solve has fewer than 200, and the path of a
// larger grid says where it was cut.
const maxPathSteps = 400

// pathOf returns the solving path of the puzzle that result r rates, for
// a book's solving paths section: the steps that are not singles in
// words, and the singles between them by cell and digit only, which keeps
// a book of thousands of puzzles small.
func pathOf(r worker.Result) *output.Path {
	res := r.Rating
	switch {
	case errors.Is(r.Err, worker.ErrTimeout):
		return &output.Path{Note: "the rating ran past --timeout"}
	case r.Err != nil:
		return &output.Path{Note: "the rating failed (" + r.Err.Error() + ")"}
	case !res.Solved:
		return &output.Path{Note: "the puzzle was not rated (" + fmt.Sprint(res.Err) + ")"}
	}
	p := &output.Path{Level: res.Level.String(), Score: res.Score, Solved: true, Total: res.StepCount()}
	if res.Logic != nil {
		p.Solved = res.Logic.Solved
	}
	hardest := -1
	for i, st := range res.Steps {
		if hardest < 0 || st.Score > res.Steps[hardest].Score {
			hardest = i
		}
		if st.Single() {
			k := len(p.Steps) - 1
			if k < 0 || p.Steps[k].Text != "" {
				p.Steps = append(p.Steps, output.PathStep{})
				k++
			}
			p.Steps[k].Singles = append(p.Steps[k].Singles, output.Single{Cell: st.Place.Cell, Digit: st.Place.Digit})
			continue
		}
		if p.BreakIn == 0 {
			p.BreakIn = i + 1
		}
		p.Steps = append(p.Steps, output.PathStep{Text: st.String()})
	}
	if p.BreakIn == 0 && !singlesOnly(res) {
		p.BreakIn = -1 // after the steps carried
	}
	switch {
	case hardest >= 0 && len(res.Steps) == p.Total:
		p.HardestStep = hardest + 1
		p.Hardest = valued(res.Steps[hardest])
	case res.Logic != nil && res.Logic.Steps > 0:
		p.Hardest = valued(res.Logic.Hardest)
	}
	return p
}

// valued names step st's technique and its value: "X-wing, 3.2".
func valued(st rate.Step) string {
	return fmt.Sprintf("%s (%.1f)", st.Technique, st.Score)
}

// singlesOnly reports whether every step of the solve res rates is a
// single.
func singlesOnly(res rate.Result) bool {
	for _, c := range res.Counts {
		if !c.Technique.Single() {
			return false
		}
	}
	return true
}
