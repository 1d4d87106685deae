package worker

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/sudokugen/sudokugen/formats"
	"github.com/sudokugen/sudokugen/grid"
	"github.com/sudokugen/sudokugen/verify"
)

// hard25 is a minimal 25x25 puzzle: its verdict is quick, the roles of its
// 246 givens take some 20 s (a verdict each).
const hard25 = "IHC2DBA..G..F1E65.8J.O7P.G....17.LH..5J..M..AKE.D4.NE5...J..K.B.4H.FI.M.2.18.LP..M35.IG...7D..B.A.....................C...........G..8....N.C..F..K.LAD.F.EC6.45..HAI3P.JO..B.....LGDP.7I86EB.2.A49.M.OF..9......................HJ.I..1O2.GC9....L...5.6N7K..PN..HC.41.AD.952BIF.GO....A.D.F..M..K.3..2.1...........M...E...........42MN.E.G.13K8.H.AIP.796.O.........................6...........J..............P...HM.7...FL.8D6...34J34........C...8B..2.9.I.71M..A4K8.P.9N57....FO.G.C.7..L.C.9D.MAK...1EH6F.2..........................A...K.37D.J..G9M.H.....E...1O.F.N.4.P....3.7.5......N.................L...H.9645..1J.F..O.E...LG2CI."

// A Givens job gives the same answer in a worker process as in this one;
// givens that clash are answered without a worker.
func TestGivensJob(t *testing.T) {
	unique, err := formats.Parse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
	if err != nil {
		t.Fatal(err)
	}
	several := unique.Clone()
	several.Cells[2], several.Cells[4] = 0, 0
	clash := unique.Clone()
	clash.Cells[0] = 3
	jobs := []Job{{Kind: Givens, Grid: unique}, {Index: 1, Kind: Givens, Grid: several, CountLimit: 50},
		{Index: 2, Kind: Givens, Grid: unique, Minimal: true, Keep: []int{2}}, {Index: 3, Kind: Givens, Grid: clash}}
	v := verify.New()
	for _, workers := range []int{0, 1} {
		// a timeout, so that a worker process runs even so few jobs
		p, _ := testPool(t, testConfig{workers: workers, timeout: time.Minute})
		res, err := runJobs(t, p, jobs)
		if err != nil || len(res) != len(jobs) {
			t.Fatalf("%d workers: %d results, %v", workers, len(res), err)
		}
		for i, j := range jobs[:3] {
			want, werr := v.Givens(t.Context(), j.Grid, verify.GivensOptions{Minimal: j.Minimal, Keep: j.Keep, CountLimit: j.CountLimit})
			got := res[i]
			if got.Err != nil || werr != nil || got.Partial || describeGivens(got.Givens) != describeGivens(want) {
				t.Errorf("%d workers, job %d: %v %s, want %v %s", workers, i, got.Err, describeGivens(got.Givens), werr, describeGivens(want))
			}
		}
		if g := res[3].Givens; g.Status != verify.Invalid || g.Err == nil || !strings.Contains(g.Err.Error(), "repeats") {
			t.Errorf("%d workers: givens that clash give %v, %v", workers, g.Status, g.Err)
		}
	}
}

// describeGivens renders an answer of Givens for comparison.
func describeGivens(g verify.GivensResult) string {
	var b strings.Builder
	b.WriteString(g.Status.String())
	for _, r := range g.Roles {
		b.WriteString(" " + grid.Cell{Row: r.Cell / 9, Col: r.Cell % 9}.String())
		if r.Needed {
			b.WriteString("!" + r.Witness.String())
		}
	}
	for _, s := range g.Suggestions {
		b.WriteString(" +" + grid.Cell{Row: s.Cell / 9, Col: s.Cell % 9}.String() + string(rune('0'+s.Digit)))
	}
	if g.Minimal != nil {
		b.WriteString(" minimal " + g.Minimal.String())
	}
	return b.String()
}

// A Givens or Candidates job stopped at its timeout in a worker process
// gives what it had decided by then, marked partial: the roles of the
// first givens of hard25, and the candidates of an empty 36x36 grid
// settled so far.
func TestPartialAtTimeout(t *testing.T) {
	g, err := formats.Parse(hard25)
	if err != nil {
		t.Fatal(err)
	}
	empty := grid.New(grid.Shape{BoxRows: 6, BoxCols: 6})
	p, _ := testPool(t, testConfig{workers: 1, timeout: 2500 * time.Millisecond})
	res, err := runJobs(t, p, []Job{{Kind: Givens, Grid: g}, {Index: 1, Kind: Candidates, Grid: empty, CountLimit: 1000}})
	if err != nil || len(res) != 2 {
		t.Fatalf("%d results, %v", len(res), err)
	}
	for _, r := range res {
		if !errors.Is(r.Err, ErrTimeout) || !r.Partial {
			t.Errorf("job %d: err %v, partial %v; want a partial result at the timeout", r.Index, r.Err, r.Partial)
		}
	}
	c := res[1].Candidates
	if c.Status != verify.Unknown || c.Masks == nil || c.Settled == 0 || c.Settled > c.Open || c.Open != 1296*36 {
		t.Errorf("candidates: %v, %d of %d settled; want some settled", c.Status, c.Settled, c.Open)
	}
	gv := res[0].Givens
	if testing.Short() && len(gv.Roles) == 0 {
		// a worker built for the race detector may not get past the
		// verdict within the timeout
		t.Log("-short: no role decided within the timeout; the roles go unchecked")
		return
	}
	if gv.Status != verify.Unique || len(gv.Roles) == 0 || len(gv.Roles) >= g.Givens() {
		t.Fatalf("givens: %v with %d roles of %d givens; want unique and some roles", gv.Status, len(gv.Roles), g.Givens())
	}
	sol := gv.Solutions[0]
	last := -1
	for _, r := range gv.Roles {
		if r.Cell <= last || g.Cells[r.Cell] != r.Digit {
			t.Fatalf("role of r%dc%d: not the next given in reading order", r.Cell/25+1, r.Cell%25+1)
		}
		last = r.Cell
		if r.Needed {
			q := g.Clone()
			q.Cells[r.Cell] = 0
			if !q.Solves(r.Witness) || r.Witness.Equal(sol) {
				t.Errorf("r%dc%d needed: its witness is not a second solution", r.Cell/25+1, r.Cell%25+1)
			}
		}
	}
}
