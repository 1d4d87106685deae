package main

import (
	"fmt"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/verify"
)

// uniqueCheckSolution returns the solution that cnf --unique-check blocks:
// the one given with --solution, checked against g, or else the first one
// found.
func uniqueCheckSolution(g grid.Grid, given string, ro formats.ReadOptions) (grid.Grid, error) {
	if given != "" {
		sol, err := formats.ParseWith(given, ro)
		if err != nil {
			return grid.Grid{}, usageError("--solution: %v", err)
		}
		if sol.Shape != g.Shape || !g.Solves(sol) {
			return grid.Grid{}, usageError("--solution is not a solution of the puzzle")
		}
		return sol, nil
	}
	r := verify.New().Check(g, verify.Options{})
	switch r.Status {
	case verify.Unique, verify.Multiple:
		return r.Solutions[0], nil
	case verify.None:
		return grid.Grid{}, &exitError{code: exitNotOK, err: fmt.Errorf("the puzzle has no solution: there is nothing to block")}
	}
	return grid.Grid{}, &exitError{code: exitNotOK, err: fmt.Errorf("invalid puzzle: %v", r.Err)}
}
