// Package lztest builds hostile lz-string data for tests of the readers
// of compressed links.
package lztest

import "strings"

const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="

// Bomb returns lz-string base64 data of about size bytes in which every
// code after the first unit points at the entry the decoder is about to
// make (the phrase written last and its own first unit), so that each
// phrase is one unit longer than the last: k codes decompress to about
// k*k/2 units of unit, and a decoder that copies its dictionary's entries
// holds as much again. 24 KB of it decompresses to about 130 million units.
func Bomb(size int, unit byte) string {
	var b strings.Builder
	val, pos := 0, 0
	bits := func(value, n int) {
		for range n {
			val = val<<1 | value&1
			value >>= 1
			if pos == 5 {
				b.WriteByte(alphabet[val])
				pos, val = 0, 0
			} else {
				pos++
			}
		}
	}
	bits(0, 2)
	bits(int(unit), 8)
	next, enlarge, width := 4, 4, 3
	for b.Len() < size {
		bits(next, width)
		next++
		enlarge--
		if enlarge == 0 {
			enlarge = 1 << width
			width++
		}
	}
	bits(2, width)
	for {
		val <<= 1
		if pos == 5 {
			b.WriteByte(alphabet[val])
			break
		}
		pos++
	}
	out := b.String()
	return out + "==="[:(4-len(out)%4)%4]
}
