package worker

import (
	"bufio"
	"encoding/binary"
	"encoding/gob"
	"fmt"
	"io"

	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/verify"
)

// Every message on the pipes starts with a tag byte. Batches of verify
// jobs and their results, the bulk of the traffic when thousands of
// puzzles a second are checked, go in a compact form of their own;
// everything else as gob values. gob walks every field of Job and
// wireResult by reflection, the generation and rating options and results
// included, and took a fifth of the parent's time on royle17.
const (
	tagGob    = 'g' // a gob value follows: a []Job, or a wireResult
	tagVerify = 'v' // a batch of verify jobs, or the result of one, as below
)

// A verify job carries only what the runner reads of it: Index, Grid,
// CountLimit and Check (see runner.run). TestCompactFields fails when one
// of the structs below gains a field, so that the compact form learns it.
//
//	batch:  uvarint count, then per job:
//	job:    varint Index, uvarint CountLimit, byte flags (1 Check, 2 Proof, 4 ProofCNF),
//	        [string ProofTemp, with Proof], grid
//	grid:   byte BoxRows, byte BoxCols, uvarint len(Cells), Cells (Rules nil)
//	result: varint Index, byte Status, byte Proof, uvarint Count, uvarint Limit,
//	        uvarint len(Solutions), grids, error VerifyErr, error Err,
//	        varint Elapsed, varint CPU, string DRAT, string DRATFile,
//	        string CNFFile
//	error:  byte Code, uvarint len(Msg), Msg
//	string: uvarint length, bytes

// encoder writes messages to a pipe.
type encoder struct {
	bw  *bufio.Writer
	gob *gob.Encoder
	buf []byte
}

func newEncoder(bw *bufio.Writer) *encoder { return &encoder{bw: bw, gob: gob.NewEncoder(bw)} }

// jobs writes a batch: compact when every job is a verify job.
func (e *encoder) jobs(jobs []Job) error {
	for _, j := range jobs {
		if j.Kind != Verify || !compactGrid(j.Grid) {
			return e.value(jobs)
		}
	}
	b := append(e.buf[:0], tagVerify)
	b = binary.AppendUvarint(b, uint64(len(jobs)))
	for _, j := range jobs {
		b = binary.AppendVarint(b, int64(j.Index))
		b = binary.AppendUvarint(b, uint64(max(j.CountLimit, 0)))
		b = append(b, boolByte(j.Check)|boolByte(j.Proof)<<1|boolByte(j.ProofCNF)<<2)
		if j.Proof {
			b = appendString(b, j.ProofTemp)
		}
		b = appendGrid(b, j.Grid)
	}
	e.buf = b
	_, err := e.bw.Write(b)
	return err
}

// result writes the result of a job of the given kind: compact for a
// verify job with no clashes to report.
func (e *encoder) result(w wireResult, kind Kind) error {
	if kind != Verify || len(w.Verify.Clashes) > 0 || len(w.Verify.Assumed) > 0 || w.Verify.LeftOut > 0 || w.Verify.Count < 0 || w.Verify.Limit < 0 {
		return e.value(w)
	}
	for _, g := range w.Verify.Solutions {
		if !compactGrid(g) {
			return e.value(w)
		}
	}
	r := w.Verify
	b := append(e.buf[:0], tagVerify)
	b = binary.AppendVarint(b, int64(w.Index))
	b = append(b, byte(r.Status), byte(r.Proof))
	b = binary.AppendUvarint(b, uint64(r.Count))
	b = binary.AppendUvarint(b, uint64(r.Limit))
	b = binary.AppendUvarint(b, uint64(len(r.Solutions)))
	for _, g := range r.Solutions {
		b = appendGrid(b, g)
	}
	b = appendError(b, w.VerifyErr)
	b = appendError(b, w.Err)
	b = binary.AppendVarint(b, w.Elapsed)
	b = binary.AppendVarint(b, w.CPU)
	b = binary.AppendUvarint(b, uint64(len(w.DRAT)))
	e.buf = b
	if _, err := e.bw.Write(b); err != nil {
		return err
	}
	// the proof goes from its own slice, not copied into buf
	if _, err := e.bw.Write(w.DRAT); err != nil {
		return err
	}
	e.buf = appendString(e.buf[:0], w.DRATFile)
	e.buf = appendString(e.buf, w.CNFFile)
	_, err := e.bw.Write(e.buf)
	return err
}

// value writes v as a gob value.
func (e *encoder) value(v any) error {
	if err := e.bw.WriteByte(tagGob); err != nil {
		return err
	}
	return e.gob.Encode(v)
}

// decoder reads messages from a pipe.
type decoder struct {
	br  *bufio.Reader
	gob *gob.Decoder
}

// newDecoder returns a decoder on br, which gob reads without buffering
// ahead, since it is an io.ByteReader.
func newDecoder(br *bufio.Reader) *decoder { return &decoder{br: br, gob: gob.NewDecoder(br)} }

// compact reads the tag of the next message: true when the compact form
// follows, false when a gob message does, which it decodes into v unless
// v is nil.
func (d *decoder) compact(v any) (bool, error) {
	tag, err := d.br.ReadByte()
	switch {
	case err != nil:
		return false, err
	case tag == tagGob && v == nil:
		return false, nil
	case tag == tagGob:
		return false, d.gob.Decode(v)
	case tag != tagVerify:
		return false, fmt.Errorf("bad message tag %q", tag)
	}
	return true, nil
}

// jobs reads a batch.
func (d *decoder) jobs() ([]Job, error) {
	var jobs []Job
	if ok, err := d.compact(&jobs); !ok || err != nil {
		return jobs, err
	}
	n, err := binary.ReadUvarint(d.br)
	if err != nil {
		return nil, err
	}
	if n > maxBatch {
		return nil, fmt.Errorf("batch of %d jobs", n)
	}
	jobs = make([]Job, n)
	for i := range jobs {
		j := &jobs[i]
		j.Kind = Verify
		index, err := binary.ReadVarint(d.br)
		if err != nil {
			return nil, err
		}
		j.Index = int(index)
		limit, err := binary.ReadUvarint(d.br)
		if err != nil {
			return nil, err
		}
		j.CountLimit = int(limit)
		flags, err := d.br.ReadByte()
		if err != nil {
			return nil, err
		}
		j.Check, j.Proof, j.ProofCNF = flags&1 != 0, flags&2 != 0, flags&4 != 0
		if j.Proof {
			temp, err := d.bytes(maxMessage)
			if err != nil {
				return nil, err
			}
			j.ProofTemp = string(temp)
		}
		if j.Grid, err = d.grid(); err != nil {
			return nil, err
		}
	}
	return jobs, nil
}

// result reads a result.
func (d *decoder) result() (wireResult, error) {
	if ok, err := d.compact(nil); !ok || err != nil {
		// gob's result, in a value of its own: the compact one below
		// stays off the heap (two allocations a verdict fewer)
		var g wireResult
		if err == nil {
			err = d.gob.Decode(&g)
		}
		return g, err
	}
	var w wireResult
	index, err := binary.ReadVarint(d.br)
	if err != nil {
		return w, err
	}
	w.Index = int(index)
	status, err := d.br.ReadByte()
	if err != nil {
		return w, err
	}
	proof, err := d.br.ReadByte()
	if err != nil {
		return w, err
	}
	r := &w.Verify
	r.Status, r.Proof = verify.Status(status), verify.Proof(proof)
	var count, limit, sols uint64
	for _, x := range []*uint64{&count, &limit, &sols} {
		if *x, err = binary.ReadUvarint(d.br); err != nil {
			return w, err
		}
	}
	r.Count, r.Limit = int(count), int(limit)
	if sols > 2 {
		return w, fmt.Errorf("a result with %d solutions", sols)
	}
	for range sols {
		g, err := d.grid()
		if err != nil {
			return w, err
		}
		r.Solutions = append(r.Solutions, g)
	}
	if w.VerifyErr, err = d.error(); err != nil {
		return w, err
	}
	if w.Err, err = d.error(); err != nil {
		return w, err
	}
	if w.Elapsed, err = binary.ReadVarint(d.br); err != nil {
		return w, err
	}
	if w.CPU, err = binary.ReadVarint(d.br); err != nil {
		return w, err
	}
	if w.DRAT, err = d.bytes(maxProof); err != nil {
		return w, err
	}
	file, err := d.bytes(maxMessage)
	if err != nil {
		return w, err
	}
	w.DRATFile = string(file)
	file, err = d.bytes(maxMessage)
	w.CNFFile = string(file)
	return w, err
}

// Bounds on what a message may claim, so that a garbled one cannot ask
// for any amount of memory: an error message or a file name, and a proof
// (which a worker with a ProofTemp keeps far smaller, see proof.go).
const (
	maxMessage = 1 << 20
	maxProof   = 1 << 30
)

// bytes reads a string of at most limit bytes; nil when it is empty.
func (d *decoder) bytes(limit uint64) ([]byte, error) {
	n, err := binary.ReadUvarint(d.br)
	if err != nil {
		return nil, err
	}
	if n > limit {
		return nil, fmt.Errorf("a string of %d bytes", n)
	}
	if n == 0 {
		return nil, nil
	}
	b := make([]byte, n)
	_, err = io.ReadFull(d.br, b)
	return b, err
}

func (d *decoder) grid() (grid.Grid, error) {
	var head [2]byte
	if _, err := io.ReadFull(d.br, head[:]); err != nil {
		return grid.Grid{}, err
	}
	n, err := binary.ReadUvarint(d.br)
	if err != nil {
		return grid.Grid{}, err
	}
	if n > grid.MaxN*grid.MaxN {
		return grid.Grid{}, fmt.Errorf("a grid of %d cells", n)
	}
	g := grid.Grid{Shape: grid.Shape{BoxRows: int(head[0]), BoxCols: int(head[1])}, Cells: make([]uint8, n)}
	_, err = io.ReadFull(d.br, g.Cells)
	return g, err
}

func (d *decoder) error() (wireError, error) {
	code, err := d.br.ReadByte()
	if err != nil {
		return wireError{}, err
	}
	n, err := binary.ReadUvarint(d.br)
	if err != nil {
		return wireError{}, err
	}
	if n > 1<<20 {
		return wireError{}, fmt.Errorf("an error message of %d bytes", n)
	}
	msg := make([]byte, n)
	_, err = io.ReadFull(d.br, msg)
	return wireError{Code: code, Msg: string(msg)}, err
}

// compactGrid reports whether the compact form holds g: a classic grid
// (no Rules: a variant goes as gob), whose box sides fit in a byte.
func compactGrid(g grid.Grid) bool {
	return g.Rules == nil && g.BoxRows >= 0 && g.BoxRows < 256 && g.BoxCols >= 0 && g.BoxCols < 256
}

func appendGrid(b []byte, g grid.Grid) []byte {
	b = append(b, byte(g.BoxRows), byte(g.BoxCols))
	b = binary.AppendUvarint(b, uint64(len(g.Cells)))
	return append(b, g.Cells...)
}

func appendError(b []byte, e wireError) []byte {
	b = append(b, e.Code)
	b = binary.AppendUvarint(b, uint64(len(e.Msg)))
	return append(b, e.Msg...)
}

func appendString[T string | []byte](b []byte, s T) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func boolByte(x bool) byte {
	if x {
		return 1
	}
	return 0
}
