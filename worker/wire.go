package worker

import (
	"errors"
	"time"

	"github.com/sudokugen/sudokugen/generate"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/rate"
	"github.com/sudokugen/sudokugen/verify"
)

// The wire protocol between the pool and a worker process: the pool sends
// batches ([]Job) on the worker's stdin; the worker first sends a hello (a
// wireResult with Index helloIndex) when it is ready, then answers each job
// with one wireResult on its stdout, in order, as soon as it is done, so
// the pool always knows which job is running. Batches of verify jobs and
// their results go in a compact form (compact.go), the rest as gob values.
//
// A wireResult carries the results of the packages whole, so a new plain
// field of generate.Puzzle or rate.Result crosses without a change here
// (verify.Result's must be taught to the compact form); only their errors
// travel apart, as codes and messages.

// wireResult is a Result in a form gob can carry.
type wireResult struct {
	Index     int
	Verify    verify.Result // with Err nil: it travels as VerifyErr
	VerifyErr wireError
	Puzzle    generate.Puzzle
	Rating    rate.Result // with Err nil: it travels as RatingErr
	RatingErr wireError
	Err       wireError
	Elapsed   int64 // nanoseconds
	CPU       int64 // nanoseconds of processor time of the batch, on its last result; 0 when unknown
	DRAT      []byte
	DRATFile  string
	CNF       []byte
	CNFFile   string

	// Candidates travels with Err nil, its error as CandidatesErr.
	Candidates    verify.Candidates
	CandidatesErr wireError
	// Givens travels with its verdict's Err nil, as GivensErr.
	Givens    verify.GivensResult
	GivensErr wireError
	// Partial marks a report of progress: what the job in progress has
	// decided so far, ahead of its result.
	Partial bool
}

// helloIndex marks the first message of a worker, sent when it is ready.
const helloIndex = -1

// wireError is an error as it crosses the pipe: the code of the sentinel it
// matches (0 for none) and its message. Code 0 with no message is no error.
type wireError struct {
	Code uint8
	Msg  string
}

// sentinels are the errors that keep their identity across the pipe; an
// error's code is its index here plus one. Append new ones at the end.
var sentinels = []error{
	ErrTimeout,
	ErrWorkerFailed,
	ErrKind,
	verify.ErrDisagree,
	generate.ErrTargetUnreachable,
	generate.ErrCluesUnreachable,
	generate.ErrNotUnique,
	rate.ErrInvalid,
	rate.ErrNoSolution,
	rate.ErrMultiple,
	rate.ErrTooHard,
	rate.ErrGaveUp,
	grid.ErrShape,
	generate.ErrCheck,
	verify.ErrCheck,
}

// otherCode marks an error that matches no sentinel.
const otherCode = 255

func encodeError(err error) wireError {
	if err == nil {
		return wireError{}
	}
	for i, s := range sentinels {
		if errors.Is(err, s) {
			return wireError{Code: uint8(i + 1), Msg: err.Error()}
		}
	}
	return wireError{Code: otherCode, Msg: err.Error()}
}

func (w wireError) decode() error {
	switch {
	case w.Code == 0:
		return nil
	case int(w.Code) <= len(sentinels):
		s := sentinels[w.Code-1]
		if w.Msg == s.Error() {
			// The sentinel itself, so that even == holds.
			return s
		}
		return &remoteError{msg: w.Msg, sentinel: s}
	}
	return &remoteError{msg: w.Msg}
}

// remoteError is an error that came over the pipe, still matching the
// sentinel it wrapped.
type remoteError struct {
	msg      string
	sentinel error
}

func (e *remoteError) Error() string { return e.msg }
func (e *remoteError) Unwrap() error { return e.sentinel }

func toWire(r Result) wireResult {
	w := wireResult{
		Index:     r.Index,
		Verify:    r.Verify,
		VerifyErr: encodeError(r.Verify.Err),
		Puzzle:    r.Puzzle,
		Rating:    r.Rating,
		RatingErr: encodeError(r.Rating.Err),
		Err:       encodeError(r.Err),
		Elapsed:   int64(r.Elapsed),
		DRAT:      r.DRAT,
		DRATFile:  r.DRATFile,
		CNF:       r.CNF,
		CNFFile:   r.CNFFile,

		Candidates:    r.Candidates,
		CandidatesErr: encodeError(r.Candidates.Err),
		Givens:        r.Givens,
		GivensErr:     encodeError(r.Givens.Err),
		Partial:       r.Partial,
	}
	w.Verify.Err, w.Rating.Err, w.Candidates.Err, w.Givens.Err = nil, nil, nil, nil
	return w
}

func (w wireResult) result() Result {
	r := Result{
		Index:    w.Index,
		Verify:   w.Verify,
		Puzzle:   w.Puzzle,
		Rating:   w.Rating,
		Err:      w.Err.decode(),
		Elapsed:  time.Duration(w.Elapsed),
		cpu:      time.Duration(w.CPU),
		DRAT:     w.DRAT,
		DRATFile: w.DRATFile,
		CNF:      w.CNF,
		CNFFile:  w.CNFFile,

		Candidates: w.Candidates,
		Givens:     w.Givens,
		Partial:    w.Partial,
	}
	r.Verify.Err, r.Rating.Err = w.VerifyErr.decode(), w.RatingErr.decode()
	r.Candidates.Err, r.Givens.Err = w.CandidatesErr.decode(), w.GivensErr.decode()
	return r
}
