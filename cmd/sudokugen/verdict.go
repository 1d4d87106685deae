package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/verify"
	"github.com/sudokugen/sudokugen/worker"
)

// verdict is the outcome of one record, decided once by newVerdict and
// printed as text (plainVerdict, writeSolution) or JSON (writeJSON).
type verdict struct {
	rec  formats.Record
	file string
	// status is the verdict's name: unique, multiple, none, invalid, or,
	// when there is no verdict, unsupported, timeout or error.
	status string
	// result is the verifier's answer; its Limit is 0 when the record
	// could not be read or its job failed.
	result verify.Result
	// err says why, for invalid, unsupported, timeout and error: a parse
	// error or the rule refused, the
	// clash or malformation the verifier found, the job's failure, or a
	// verdict the solver contradicted.
	err error
	// alphabet holds the symbols of the input, nil for the default.
	alphabet *grid.Alphabet
	// drat is the proof of a verdict of unique or none that the worker
	// made (verify --proof), or dratFile names the file that holds it.
	drat     []byte
	dratFile string
	cnfFile  string // the CNF the worker wrote for the proof
}

func newVerdict(rec formats.Record, file string, res worker.Result) verdict {
	v := verdict{rec: rec, file: file, drat: res.DRAT, dratFile: res.DRATFile, cnfFile: res.CNFFile}
	switch {
	case rec.Err != nil:
		v.status, v.err = verify.ReadStatus(rec.Err).String(), rec.Err
	case errors.Is(res.Err, worker.ErrTimeout):
		v.status, v.err = "timeout", res.Err
	case errors.Is(res.Err, worker.ErrMemory):
		v.status, v.err = "memory", res.Err
	case res.Err != nil:
		v.status, v.err = "error", res.Err
	default:
		r := verify.WithOwn(rec.Grid, rec.Solution, res.Verify)
		v.result, v.err = r, r.Err
		v.status = r.Status.String()
		if v.err != nil && r.Status != verify.Invalid {
			v.status = "error"
		}
	}
	return v
}

// checkAll verifies every record of the inputs on the pool, each as job
// with the record's grid, and calls each with the records' verdicts in
// input order.
func checkAll(ctx context.Context, rs *records, pool *worker.Pool, job worker.Job, each func(verdict) error) error {
	return runAll(ctx, rs, pool, job, func(it item) error {
		v := newVerdict(it.rec, it.file, it.res)
		v.alphabet = rs.opts.Alphabet
		return each(v)
	})
}

// plainVerdict is the readable line for one record: where, what, and
// why, and what the puzzle's own solution breaks, if it breaks a rule.
func plainVerdict(v verdict) string {
	line := verdictLine(v)
	if v.result.OwnErr != nil {
		line += "; " + v.result.OwnErr.Error()
	}
	return line
}

// verdictLine is plainVerdict without the puzzle's own solution.
func verdictLine(v verdict) string {
	where := fmt.Sprintf("%s:%d", v.file, v.rec.Line)
	r := v.result
	switch {
	case v.rec.Err != nil:
		return parseErrorLine(where, v.rec.Err)
	case v.status == "error" && r.Err != nil:
		return fmt.Sprintf("%s: error: %s: %v", where, r.Status, v.err)
	case v.status == "timeout", v.status == "error":
		return fmt.Sprintf("%s: %s: %v", where, v.status, v.err)
	case v.status == "memory":
		return fmt.Sprintf("%s: %v (--max-memory)", where, v.err)
	}
	switch r.Status {
	case verify.Unique:
		return where + ": unique"
	case verify.None:
		return where + ": none: no solution"
	case verify.Multiple:
		return fmt.Sprintf("%s: multiple: %s; %s", where, countText(r), difference(r.Solutions, v.alphabet))
	case verify.Invalid:
		return v.invalidLine(where)
	}
	return where + ": " + r.Status.String()
}

// parseErrorLine is the line for a record that could not be read: where,
// its status (invalid, or unsupported for a rule that no kind reads) and
// why.
func parseErrorLine(where string, err error) string {
	status := verify.ReadStatus(err)
	var pe *grid.ParseError
	if errors.As(err, &pe) {
		if pe.Column == 0 {
			return fmt.Sprintf("%s:%d: %s: %v", pe.File, pe.Line, status, pe.Err)
		}
		return fmt.Sprintf("%s:%d:%d: %s: %v", pe.File, pe.Line, pe.Column, status, pe.Err)
	}
	return fmt.Sprintf("%s: %s: %v", where, status, err)
}

// invalidLine is the line for a grid the verifier found invalid: the
// first clash, where the input has it, or what is malformed.
func (v verdict) invalidLine(where string) string {
	r := v.result
	if len(r.Clashes) == 0 {
		return fmt.Sprintf("%s: invalid: %v", where, r.Err)
	}
	cl := r.Clashes[0]
	n := v.rec.Grid.N()
	line, col := v.rec.Where(cl.B.Row*n + cl.B.Col)
	msg := v.clashes()
	if col > 0 {
		return fmt.Sprintf("%s:%d:%d: invalid: %s", v.file, line, col, msg)
	}
	return fmt.Sprintf("%s: invalid: %s", where, msg)
}

// clashes describes the first clash of the result and counts the others,
// in the symbols the input was read with.
func (v verdict) clashes() string {
	return verify.ClashText(v.result.Clashes, v.alphabet)
}

// writeJSON writes v as the JSON object of verify.View.
func writeJSON(w io.Writer, v verdict) error {
	j := verify.NewView(v.rec.Index, v.file, v.rec.Line, v.rec.Text)
	if v.rec.Err == nil {
		j.Puzzle = v.format(v.rec.Grid)
	}
	if v.result.Limit > 0 {
		j.Fill(v.result, v.alphabet)
	}
	j.Status = v.status
	if v.err != nil && len(v.result.Clashes) == 0 {
		j.SetError(v.err.Error())
	}
	return writeJSONLine(w, j)
}

// format writes g on one line in the symbols of the input.
func (v verdict) format(g grid.Grid) string {
	if v.alphabet != nil {
		return g.Format(*v.alphabet)
	}
	return g.String()
}
