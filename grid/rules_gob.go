package grid

import (
	"bytes"
	"encoding/gob"
)

// rulesWire is Rules as gob sends it: the worker processes' wire sees
// exported fields only, so the data of the kinds kept in slots goes by
// kind name.
type rulesWire struct {
	Regions              []uint8
	Extra                []Group
	Cages                []Cage
	Odd, Even            []int32
	White, Black         []Pair
	X, V                 []Pair
	Thermos              [][]int32
	AntiKing, AntiKnight bool
	Slots                map[string]any
}

func init() {
	// the types the kinds keep in slots
	gob.Register([]LineClue(nil))
	gob.Register([]Mask(nil))
}

// GobEncode writes r for gob, the data of every kind included.
func (r *Rules) GobEncode() ([]byte, error) {
	w := rulesWire{r.Regions, r.Extra, r.Cages, r.Odd, r.Even, r.White, r.Black, r.X, r.V, r.Thermos, r.AntiKing, r.AntiKnight, nil}
	for i, v := range r.more {
		if v != nil {
			if w.Slots == nil {
				w.Slots = map[string]any{}
			}
			w.Slots[kinds[i].name] = v
		}
	}
	var b bytes.Buffer
	err := gob.NewEncoder(&b).Encode(w)
	return b.Bytes(), err
}

// GobDecode reads what GobEncode wrote.
func (r *Rules) GobDecode(data []byte) error {
	var w rulesWire
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&w); err != nil {
		return err
	}
	*r = Rules{Regions: w.Regions, Extra: w.Extra, Cages: w.Cages, Odd: w.Odd, Even: w.Even, White: w.White, Black: w.Black,
		X: w.X, V: w.V, Thermos: w.Thermos, AntiKing: w.AntiKing, AntiKnight: w.AntiKnight}
	for name, v := range w.Slots {
		if _, ok := slotOf[name]; ok {
			r.setSlot(name, v)
		}
	}
	return nil
}
