package drat

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// plainCheck is the checker as its definition reads, for the tests: each
// lemma's negation propagated from nothing over the clauses live at it,
// with no watches and no trail kept, RAT on its first literal after RUP.
func plainCheck(cnf [][]int, proof []Lemma) (at int, ok bool) {
	db := slices.Clone(cnf)
	for i, l := range proof {
		if l.Delete {
			want := key(l.Lits)
			for j := len(db) - 1; j >= 0; j-- {
				if key(db[j]) == want {
					db = slices.Delete(db, j, j+1)
					break
				}
			}
			continue
		}
		if !plainRefutes(db, l.Lits) && !plainRAT(db, l.Lits) {
			return i, false
		}
		if len(l.Lits) == 0 {
			return i, true
		}
		db = append(db, l.Lits)
	}
	return len(proof), false
}

// plainRefutes propagates the negation of lemma over db until nothing
// changes, and reports a conflict.
func plainRefutes(db [][]int, lemma []int) bool {
	val := map[int]bool{} // variable: value
	truth := func(l int) int {
		v, ok := val[max(l, -l)]
		switch {
		case !ok:
			return 0
		case v == (l > 0):
			return 1
		}
		return -1
	}
	for _, l := range lemma {
		if truth(l) == 1 {
			return true
		}
		val[max(l, -l)] = l < 0
	}
	for changed := true; changed; {
		changed = false
		for _, c := range db {
			c = slices.Compact(slices.Sorted(slices.Values(c))) // a literal counts once
			open, unset := 0, 0
			sat := false
			for _, l := range c {
				switch truth(l) {
				case 1:
					sat = true
				case 0:
					open++
					unset = l
				}
			}
			if sat {
				continue
			}
			if open == 0 {
				return true
			}
			if open == 1 {
				val[max(unset, -unset)] = unset > 0
				changed = true
			}
		}
	}
	return false
}

func plainRAT(db [][]int, lemma []int) bool {
	if len(lemma) == 0 {
		return false
	}
	p := lemma[0]
	for _, d := range db {
		if !slices.Contains(d, -p) {
			continue
		}
		res := slices.Clone(lemma)
		for _, l := range d {
			if l != -p {
				res = append(res, l)
			}
		}
		if !plainRefutes(db, res) {
			return false
		}
	}
	return true
}

// treeProof returns the proof a depth-first search writes for cnf over
// variables 1..nv when it finds no model: at each node the first unset
// variable is tried true, then false, each branch refuted by unit
// propagation or below; the negation of each path refuted, in post-order,
// then the empty clause. ok is false when the search finds a model.
func treeProof(nv int, cnf [][]int) (proof []Lemma, ok bool) {
	var path []int
	var walk func() bool
	walk = func() bool {
		neg := make([]int, len(path))
		for i, d := range path {
			neg[i] = -d
		}
		if plainRefutes(cnf, neg) {
			return true
		}
		v := 0
		for x := 1; x <= nv && v == 0; x++ {
			if !slices.Contains(path, x) && !slices.Contains(path, -x) {
				v = x
			}
		}
		if v == 0 {
			return false // a model
		}
		for _, d := range []int{v, -v} {
			path = append(path, d)
			refuted := walk()
			if refuted {
				lemma := make([]int, len(path))
				for i, d := range path {
					lemma[i] = -d
				}
				proof = append(proof, Lemma{Lits: lemma})
			}
			path = path[:len(path)-1]
			if !refuted {
				return false
			}
		}
		return true
	}
	if !walk() {
		return nil, false
	}
	return append(proof, Lemma{}), true
}

// The kept trail (see rup) answers as the checker by its definition does,
// on random CNFs: on the proofs a depth-first search writes, whose lemmas
// share their first literals as the search's proofs do, and on the same
// proofs cut, with lemmas dropped, literals flipped, deletions and
// random lemmas put in, so that lemmas fail at every depth.
func TestKeptTrailAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	trees, failed, lemmas := 0, 0, 0
	for round := range 1000 {
		nv := 10 + rng.IntN(15)
		cnf := random3SAT(rng, nv)
		proof, tree := treeProof(nv, cnf)
		if tree {
			trees++
			lemmas += len(proof)
			checkKeptAlone(t, rng, round, nv, cnf, proof)
		}
		if !tree || rng.IntN(4) != 0 {
			// else the search's proof as it is
			proof, tree = mutated(rng, nv, cnf, proof), false
		}
		if len(proof) == 0 {
			continue
		}
		wantAt, wantOK := plainCheck(cnf, proof)
		at, err := Check(nv, cnf, proof)
		if (err == nil) != wantOK || at != wantAt {
			t.Fatalf("round %d: CNF %v, proof %v: Check = %d, %v; by the definition %d, %v", round, cnf, proof, at, err, wantAt, wantOK)
		}
		if !wantOK {
			failed++
		}
		checkNoDeletions(t, round, nv, cnf, proof, wantAt, wantOK, tree)
	}
	// the rounds must hold both kinds, or the test shows nothing
	if trees < 200 || failed < 200 {
		t.Fatalf("%d search proofs and %d failing proofs in 1,000 rounds: too few of one kind", trees, failed)
	}
	t.Logf("%d search proofs of %.1f lemmas on average, %d failing proofs", trees, float64(lemmas)/float64(trees), failed)
}

// random3SAT returns a random 3-SAT CNF over nv variables about its
// threshold, with a few shorter clauses.
func random3SAT(rng *rand.Rand, nv int) [][]int {
	var cnf [][]int
	for range 4*nv + rng.IntN(nv/2+1) {
		c := make([]int, 3)
		if rng.IntN(30) == 0 {
			c = c[:2]
		}
		for i := range c {
			c[i] = 1 + rng.IntN(nv)
			if rng.IntN(2) == 0 {
				c[i] = -c[i]
			}
		}
		cnf = append(cnf, c)
	}
	return cnf
}

// checkKeptAlone checks that the kept trail alone, with no check from the
// base, refutes every lemma of a search's proof, all of them RUP; and the
// same with each lemma's literals shuffled, which the trail then matches
// less, so that more lemmas are placed as units below its last level.
func checkKeptAlone(t *testing.T, rng *rand.Rand, round, nv int, cnf [][]int, proof []Lemma) {
	t.Helper()
	shuffled := make([]Lemma, len(proof))
	for n, l := range proof {
		lits := slices.Clone(l.Lits)
		rng.Shuffle(len(lits), func(i, j int) { lits[i], lits[j] = lits[j], lits[i] })
		shuffled[n] = Lemma{Lits: lits}
	}
	for _, p := range [][]Lemma{proof, shuffled} {
		k := newRUP(nv, cnf)
		for i, l := range p {
			if !k.refutesKept(l.Lits) {
				t.Fatalf("round %d: CNF %v, proof %v: lemma %d not refuted from the kept trail", round, cnf, p, i+1)
			}
			if len(l.Lits) > 0 {
				k.addLemma(l.Lits, false)
			}
		}
	}
}

// mutated returns proof changed 1 to 6 times: a lemma dropped or a literal
// of one flipped, a deletion of a clause of cnf or a random lemma put in
// (now and then over a new variable), or the proof cut.
func mutated(rng *rand.Rand, nv int, cnf [][]int, proof []Lemma) []Lemma {
	for range 1 + rng.IntN(6) {
		switch m := rng.IntN(7); {
		case m == 0 && len(proof) > 1:
			i := rng.IntN(len(proof) - 1)
			proof = slices.Delete(proof, i, i+1)
		case m == 1 && len(proof) > 1:
			i := rng.IntN(len(proof) - 1)
			lits := slices.Clone(proof[i].Lits)
			if len(lits) > 0 {
				j := rng.IntN(len(lits))
				lits[j] = -lits[j]
			}
			proof[i] = Lemma{Lits: lits}
		case m == 2 && len(proof) > 1:
			i := rng.IntN(len(proof))
			proof = slices.Insert(proof, i, Lemma{Lits: slices.Clone(cnf[rng.IntN(len(cnf))]), Delete: true})
		case m == 3:
			lits := make([]int, 1+rng.IntN(3))
			for i := range lits {
				lits[i] = 1 + rng.IntN(nv+1)
				if rng.IntN(2) == 0 {
					lits[i] = -lits[i]
				}
			}
			proof = slices.Insert(proof, rng.IntN(len(proof)+1), Lemma{Lits: lits})
		case m == 4 && len(proof) > 1:
			proof = proof[:rng.IntN(len(proof))] // the empty clause too
		}
	}
	return proof
}

// checkNoDeletions checks that a Checker told the proof deletes nothing
// answers as the definition does (wantAt, wantOK), but for refusing the
// first deletion; and that of a search's proof (tree) it keeps no lemma
// but the root's two: every other is subsumed by its parent's, and gives
// its room back.
func checkNoDeletions(t *testing.T, round, nv int, cnf [][]int, proof []Lemma, wantAt int, wantOK, tree bool) {
	t.Helper()
	c := NewChecker(nv, cnf)
	c.NoDeletions()
	at, ok := len(proof), false
	for i, l := range proof {
		var err error
		if l.Delete {
			err = c.Delete(l.Lits)
		} else {
			err = c.Add(l.Lits)
		}
		if err != nil || c.Refuted() {
			at, ok = i, err == nil
			break
		}
	}
	if del := slices.IndexFunc(proof, func(l Lemma) bool { return l.Delete }); del >= 0 && del < wantAt {
		wantAt, wantOK = del, false
	}
	if at != wantAt || ok != wantOK {
		t.Fatalf("round %d: CNF %v, proof %v: a Checker without deletions stops at %d, %v; by the definition %d, %v", round, cnf, proof, at, ok, wantAt, wantOK)
	}
	if kept := int(c.k.clauses()) - len(cnf); tree && kept > 2 {
		t.Fatalf("round %d: CNF %v, proof %v: %d lemmas kept, past the root's two", round, cnf, proof, kept)
	}
}

// A lemma that is a unit below the trail's last level is propagated at
// the level where it became one: (¬d ∨ a) with d decided at level 1 and a
// level 2 above it gives a at level 1, where a's two clauses conflict;
// set at level 2 instead, a would go with that level, and the lemma (¬d)
// would not be refuted from the trail kept.
func TestPlaceBelowTrail(t *testing.T) {
	cnf := [][]int{{-1, 5}, {-1, -5}, {2, 3, 6}}
	k := newRUP(6, cnf)
	if k.refutesKept([]int{-4, -3}) {
		t.Fatal("(¬d ∨ ¬c) refuted with no clause over d")
	}
	if k.level() != 2 {
		t.Fatalf("the trail has %d levels, want 2 (d, then c)", k.level())
	}
	k.appendClause([]int{-4, 1})
	k.add(int32(len(cnf)))
	if !k.refutesKept([]int{-4}) {
		t.Error("(¬d) not refuted from the trail kept, after (¬d ∨ a) was placed")
	}
}
