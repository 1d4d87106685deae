package main

import (
	"context"
	"crypto/sha256"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sudokugen/sudokugen/canon"
	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/generate"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/rate"
	"github.com/sudokugen/sudokugen/worker"
)

// seenForms is a set of canonical forms, each kept as a 16-byte digest so
// that the set stays small for large collections.
type seenForms map[[16]byte]struct{}

func formKey(g grid.Grid) ([16]byte, error) {
	f, err := canon.Form(g)
	if err != nil {
		return [16]byte{}, err
	}
	sum := sha256.Sum256(f.Cells)
	var k [16]byte
	copy(k[:], sum[:])
	return k, nil
}

// add records g and reports whether no equivalent puzzle was there before.
func (s seenForms) add(g grid.Grid) (bool, error) {
	k, err := formKey(g)
	if err != nil {
		return false, err
	}
	if _, ok := s[k]; ok {
		return false, nil
	}
	s[k] = struct{}{}
	return true, nil
}

// loadExcluded reads the puzzles of files (earlier volumes) into a set of
// forms. A record that cannot be read is an error with its place.
func loadExcluded(files []string, stdin io.Reader, sh grid.Shape, maxCount int) (seenForms, error) {
	seen := seenForms{}
	if len(files) == 0 {
		return seen, nil
	}
	rs := newRecords(files, stdin, formats.ReadOptions{Shape: sh}, maxCount)
	defer rs.close()
	for {
		rec, file, ok, err := rs.next()
		if err != nil {
			return nil, err
		}
		if !ok {
			return seen, nil
		}
		if rec.Err != nil {
			return nil, usageError("--exclude: %s", recordError(file, rec))
		}
		if _, err := seen.add(rec.Grid); err != nil {
			return nil, usageError("--exclude: %s:%d: %v", file, rec.Line, err)
		}
	}
}

// mixPart is one level of a --mix run and the number of puzzles wanted.
type mixPart struct {
	level  string
	count  int
	lo, hi float64 // score range, zeros for no bound
}

// parseMix reads --mix, such as "easy:20,medium:20,hard:20,expert:10".
func parseMix(s string) ([]mixPart, error) {
	var parts []mixPart
	for _, item := range strings.Split(s, ",") {
		name, num, ok := strings.Cut(strings.TrimSpace(item), ":")
		n, err := strconv.Atoi(num)
		if !ok || err != nil || n < 1 {
			return nil, usageError("--mix %q: want LEVEL:COUNT,..., such as easy:20,hard:10", s)
		}
		lo, hi, err := rate.ParseTarget(name, "", "--difficulty", "--score")
		if err != nil {
			return nil, usageError("--mix: %v", err)
		}
		l, _ := rate.ParseLevel(strings.ToLower(name))
		parts = append(parts, mixPart{level: l.String(), count: n, lo: lo, hi: hi})
	}
	return parts, nil
}

// distinctRun makes puzzles none of which is equivalent to one in seen or
// to an earlier one of the run: each part's puzzles come from indexes
// after the last used, and a puzzle already seen is replaced by the next
// index. The output depends only on the seed, the options and seen.
type distinctRun struct {
	pool  *worker.Pool
	seed  uint64
	index int // next puzzle index to try
	seen  seenForms
}

// maxTries bounds the indexes tried for want distinct puzzles: a shape with
// few distinct puzzles, or an exclusion list that holds most of them,
// ends with an error rather than a run that never stops.
func maxTries(want int) int { return 20*want + 1000 }

func (d *distinctRun) part(ctx context.Context, gen generate.Options, want int, emit func(worker.Result) error) error {
	made, tried := 0, 0
	for made < want {
		if tried >= maxTries(want) {
			return &exitError{code: exitNotOK, err: fmt.Errorf("found only %d puzzles unlike the excluded and earlier ones in %d tries", made, tried)}
		}
		first, n := d.index, want-made
		k := 0
		next := func() (worker.Job, bool, error) {
			if k == n {
				return worker.Job{}, false, nil
			}
			t := worker.Job{Index: first + k, Kind: worker.Generate, Seed: d.seed, Gen: gen}
			k++
			return t, true, nil
		}
		err := d.pool.Run(ctx, next, func(o worker.Result) error {
			if o.Err == nil {
				fresh, err := d.seen.add(o.Puzzle.Grid)
				if err != nil || !fresh {
					return err
				}
				made++
			}
			return emit(o)
		})
		if err != nil {
			return err
		}
		d.index += n
		tried += n
	}
	return nil
}

// runner returns the function that runs the pool over the tasks of next,
// or, when seen is not nil, over the parts with no two puzzles alike.
func runner(pool *worker.Pool, next func() (worker.Job, bool, error), seen seenForms, parts []mixPart,
	gen generate.Options, seed uint64, start int) func(context.Context, func(worker.Result) error) error {
	if seen == nil {
		return func(ctx context.Context, emit func(worker.Result) error) error { return pool.Run(ctx, next, emit) }
	}
	d := &distinctRun{pool: pool, seed: seed, index: start, seen: seen}
	return func(ctx context.Context, emit func(worker.Result) error) error {
		for _, p := range parts {
			g := gen
			g.MinScore, g.MaxScore = p.lo, p.hi
			if err := d.part(ctx, g, p.count, emit); err != nil {
				return err
			}
		}
		return nil
	}
}
