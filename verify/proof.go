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
	// SAT: the SAT solver (gophersat) found the CNF unsatisfiable. The
	// proof CheckProof or WriteCertificate writes for it is gophersat's
	// certified one, which the DRAT checker has accepted; where it refused
	// it, the proof is the search's, and the verdict's proof is Search.
	SAT
	// Outside: an outside SAT solver said the CNF is unsatisfiable (see
	// CheckOutside); the verdict rests on its word.
	Outside
	// Search: the candidate search ran to its end; the tree it walked is a
	// refutation of the CNF by unit propagation and case splits (see the
	// package doc): a complete case split whose every node is unit
	// propagation on the CNF (a variant's too) and whose leaves are
	// conflicts, the known solution among them (a conflict with its
	// blocking clause). For a classic puzzle WriteCertificate writes that
	// tree out as a DRAT proof.
	Search
)

var proofNames = [...]string{"", "propagation", "sat", "outside", "search"}

// String returns the proof's name: "propagation", "search", "sat",
// "outside", or "" for NoProof.
func (p Proof) String() string {
	if int(p) >= len(proofNames) {
		return fmt.Sprintf("Proof(%d)", int(p))
	}
	return proofNames[p]
}

// MarshalText writes the proof as its name, for JSON.
func (p Proof) MarshalText() ([]byte, error) { return []byte(p.String()), nil }
