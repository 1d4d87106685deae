package grid

import "reflect"

// MissingFacets returns the facets that kind k lacks: a function left nil
// (but the optional FPDrawn), or no field of either format.
func MissingFacets(k *Kind) []string {
	var out []string
	v := reflect.ValueOf(k).Elem()
	for i := range v.NumField() {
		if f := v.Field(i); f.Kind() == reflect.Func && f.IsNil() && v.Type().Field(i).Name != "FPDrawn" {
			out = append(out, v.Type().Field(i).Name)
		}
	}
	if len(k.FPFields)+len(k.FPCellFields) == 0 {
		out = append(out, "f-puzzles fields")
	}
	if len(k.JSONFields) == 0 {
		out = append(out, "JSON fields")
	}
	return out
}

// Names the external tests use of what the package keeps to itself.
var (
	SetCount = setCount
	Popcount = popcount
)

// UnitsWithPeers is Rules.units: Units, or without the peers.
func UnitsWithPeers(r *Rules, s Shape, l *Lowered, peers bool) *RuleUnits {
	return r.units(s, l, peers)
}

// BuildUnits is Rules.buildUnits: the units of r made anew, never shared.
func BuildUnits(r *Rules, s Shape, l *Lowered, peers bool) *RuleUnits {
	return r.buildUnits(s, l, peers)
}
