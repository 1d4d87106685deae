package grid

import "reflect"

// MissingFacets returns the facets that kind k lacks: a function left nil,
// or no field of either format.
func MissingFacets(k *Kind) []string {
	var out []string
	v := reflect.ValueOf(k).Elem()
	for i := range v.NumField() {
		if f := v.Field(i); f.Kind() == reflect.Func && f.IsNil() {
			out = append(out, v.Type().Field(i).Name)
		}
	}
	if len(k.fpFields)+len(k.fpCellFields) == 0 {
		out = append(out, "f-puzzles fields")
	}
	if len(k.jsonFields) == 0 {
		out = append(out, "JSON fields")
	}
	return out
}
