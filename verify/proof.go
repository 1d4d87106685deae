package verify

import "fmt"

// Proof is what proved a verdict of unique or none.
type Proof uint8

const (
	// NoProof is the Proof of the verdicts that need none: multiple rests
	// on two checked solutions, invalid on the clashing givens.
	NoProof Proof = iota
	// Propagation: unit propagation on the CNF alone refutes it, which on
	// this encoding is naked and hidden singles (see the package doc).
	Propagation
	// SAT: the SAT solver (gophersat) found the CNF unsatisfiable.
	SAT
	// Outside: an outside SAT solver said the CNF is unsatisfiable (see
	// CheckOutside); the verdict rests on its word.
	Outside
	// Search: the candidate search of a variant puzzle ran to its end: a
	// complete case split whose every node is unit propagation on the
	// variant's CNF and whose leaves are conflicts, the known solution
	// among them (a conflict with its blocking clause): a tree-like
	// resolution refutation (see the package doc, Variant puzzles).
	Search
)

var proofNames = [...]string{"", "propagation", "sat", "outside", "search"}

// String returns the proof's name: "propagation", "sat", "outside",
// "search", or "" for NoProof.
func (p Proof) String() string {
	if int(p) >= len(proofNames) {
		return fmt.Sprintf("Proof(%d)", int(p))
	}
	return proofNames[p]
}

// MarshalText writes the proof as its name, for JSON.
func (p Proof) MarshalText() ([]byte, error) { return []byte(p.String()), nil }
