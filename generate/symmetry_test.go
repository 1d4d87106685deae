package generate

import (
	"slices"
	"strings"
	"testing"
)

func TestParseSymmetry(t *testing.T) {
	tests := []struct {
		in      string
		want    Symmetry
		wantErr bool
	}{
		{"none", NoSymmetry, false},
		{"rot180", Rot180, false},
		{"ROT90", Rot90, false},
		{" mirror ", Mirror, false},
		{"flip", Flip, false},
		{"Diagonal", Diagonal, false},
		{"", NoSymmetry, true},
		{"rotate180", NoSymmetry, true},
		{"rot", NoSymmetry, true},
	}
	for _, tt := range tests {
		got, err := ParseSymmetry(tt.in)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("ParseSymmetry(%q) = %v, %v, want %v, error %v", tt.in, got, err, tt.want, tt.wantErr)
		}
		if err != nil && !strings.Contains(err.Error(), "want none, rot180, rot90, mirror, flip, diagonal") {
			t.Errorf("ParseSymmetry(%q) error %q does not list the choices", tt.in, err)
		}
	}
}

func TestSymmetryText(t *testing.T) {
	for _, s := range Symmetries {
		b, err := s.MarshalText()
		if err != nil {
			t.Fatalf("%v.MarshalText() = %v", s, err)
		}
		var got Symmetry
		if err := got.UnmarshalText(b); err != nil || got != s {
			t.Errorf("UnmarshalText(%q) = %v, %v, want %v", b, got, err, s)
		}
	}
	if _, err := Symmetry(9).MarshalText(); err == nil {
		t.Errorf("Symmetry(9).MarshalText() succeeded, want an error")
	}
	if got := Symmetry(9).String(); got != "Symmetry(9)" {
		t.Errorf("Symmetry(9).String() = %q, want %q", got, "Symmetry(9)")
	}
	var s Symmetry
	if err := s.Set("flip"); err != nil || s != Flip || s.Type() != "symmetry" {
		t.Errorf("Set(%q) = %v, %v, want %v", "flip", s, err, Flip)
	}
}

func FuzzParseSymmetry(f *testing.F) {
	for _, s := range Symmetries {
		f.Add(s.String())
	}
	f.Add("ROT90 ")
	f.Add("")
	f.Fuzz(func(t *testing.T, in string) {
		s, err := ParseSymmetry(in)
		if err != nil {
			return
		}
		again, err := ParseSymmetry(s.String())
		if err != nil || again != s {
			t.Fatalf("ParseSymmetry(%q) = %v, but ParseSymmetry(%q) = %v, %v", in, s, s.String(), again, err)
		}
	})
}

func TestOrbits(t *testing.T) {
	tests := []struct {
		sym        Symmetry
		n          int
		count      int   // orbits
		firstOrbit []int // of cell 0
	}{
		{NoSymmetry, 9, 81, []int{0}},
		{Rot180, 9, 41, []int{0, 80}},
		{Rot180, 4, 8, []int{0, 15}},
		{Rot90, 9, 21, []int{0, 8, 72, 80}},
		{Rot90, 4, 4, []int{0, 3, 12, 15}},
		{Mirror, 9, 45, []int{0, 8}},
		{Flip, 9, 45, []int{0, 72}},
		{Diagonal, 9, 45, []int{0}},
		{Diagonal, 6, 21, []int{0}},
	}
	for _, tt := range tests {
		o := orbits(tt.sym, tt.n)
		if len(o) != tt.count || !slices.Equal(o[0], tt.firstOrbit) {
			t.Errorf("orbits(%s, %d) = %d orbits, first %v, want %d, first %v", tt.sym, tt.n, len(o), o[0], tt.count, tt.firstOrbit)
		}
		// Every cell is in exactly one orbit.
		seen := make([]int, tt.n*tt.n)
		for _, orbit := range o {
			for _, c := range orbit {
				seen[c]++
			}
		}
		for c, k := range seen {
			if k != 1 {
				t.Errorf("orbits(%s, %d): cell %d is in %d orbits", tt.sym, tt.n, c, k)
			}
		}
	}
}
