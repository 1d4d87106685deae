package generate

import (
	"fmt"
	"strings"

	"github.com/sudokugen/sudokugen/rate"
)

// A Need asks for a puzzle whose rating uses at least one of its
// techniques: one technique, or a family such as locked candidates
// (pointing or claiming).
type Need []rate.Technique

// String names the need as ParseNeed reads it.
func (n Need) String() string {
	names := make([]string, len(n))
	for i, t := range n {
		names[i] = t.String()
	}
	return strings.Join(names, " or ")
}

// families are the names of needs met by any of several techniques.
var families = map[string]Need{
	"lockedcandidates": {rate.Pointing, rate.Claiming},
}

// normal folds a technique name for comparison: lower case, without
// spaces, hyphens and underscores, so that "X-wing", "x wing" and "xwing"
// are one name.
func normal(name string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '_':
			return -1
		}
		return r
	}, strings.ToLower(strings.TrimSpace(name)))
}

// ParseNeed returns the need named name: a technique by the name package
// rate gives it ("X-wing", "naked pair", "XY-wing"), ignoring case, spaces
// and hyphens, or "locked candidates" for pointing or claiming.
func ParseNeed(name string) (Need, error) {
	key := normal(name)
	if n, ok := families[key]; ok {
		return n, nil
	}
	for t := rate.Technique(0); t.String() != "unknown technique"; t++ {
		if normal(t.String()) == key {
			return Need{t}, nil
		}
	}
	return nil, fmt.Errorf("unknown technique %q (want a technique rate names, such as naked pair, X-wing, XY-wing, swordfish, or locked candidates)", name)
}

// met reports whether rating r uses a technique of every need.
func met(needs []Need, r rate.Result) bool {
	for _, n := range needs {
		found := false
		for _, c := range r.Counts {
			for _, t := range n {
				found = found || (c.Technique == t && c.Count > 0)
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// metCount returns how many of needs rating r meets.
func metCount(needs []Need, r rate.Result) int {
	k := 0
	for _, n := range needs {
		if met([]Need{n}, r) {
			k++
		}
	}
	return k
}

// needsString names needs for an error message.
func needsString(needs []Need) string {
	names := make([]string, len(needs))
	for i, n := range needs {
		names[i] = n.String()
	}
	return strings.Join(names, " and ")
}

// needsBound returns the highest base score of the needed techniques, 0
// for none.
func needsBound(needs []Need) float64 {
	b := 0.0
	for _, n := range needs {
		for _, t := range n {
			b = max(b, t.Score())
		}
	}
	return b
}
