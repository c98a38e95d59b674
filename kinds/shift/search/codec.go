package search

import "math/bits"

// codec packs a state (one value index per cell) into a comparable key.
type codec[K comparable] interface {
	enc(s []uint8) K
	dec(k K, s []uint8)
}

// radix packs states into a uint64 as base-V digits; it fits when
// V^cells ≤ 2^64 (Reborn: 9^18 ≈ 1.5e17).
type radix struct {
	base uint64
	n    int
}

func (r radix) enc(s []uint8) uint64 {
	var k uint64
	for _, v := range s {
		k = k*r.base + uint64(v)
	}
	return k
}

func (r radix) dec(k uint64, s []uint8) {
	for i := r.n - 1; i >= 0; i-- {
		s[i] = uint8(k % r.base)
		k /= r.base
	}
}

// fitsRadix reports whether base^n ≤ 2^64.
func fitsRadix(base, n int) bool {
	var x uint64 = 1
	for i := 0; i < n; i++ {
		hi, lo := bits.Mul64(x, uint64(base))
		if hi != 0 {
			return i == n-1 && hi == 1 && lo == 0
		}
		x = lo
	}
	return true
}

// bytesCodec keeps the state bytes as a string: any size, more memory.
type bytesCodec struct{}

func (bytesCodec) enc(s []uint8) string { return string(s) }

func (bytesCodec) dec(k string, s []uint8) { copy(s, k) }

// pair packs states into two uint64 of bits bits a cell; it fits when
// bits·cells ≤ 128 (Loopover 5×5: 5 bits × 25 cells), where a string key
// would take three to four times the memory.
type pair struct {
	bits uint
	n    int
}

func (c pair) enc(s []uint8) [2]uint64 {
	var k [2]uint64
	var at uint
	for _, v := range s {
		w, off := at>>6, at&63
		k[w] |= uint64(v) << off
		if off+c.bits > 64 {
			k[w+1] |= uint64(v) >> (64 - off)
		}
		at += c.bits
	}
	return k
}

func (c pair) dec(k [2]uint64, s []uint8) {
	var at uint
	mask := uint64(1)<<c.bits - 1
	for i := range s {
		w, off := at>>6, at&63
		x := k[w] >> off
		if off+c.bits > 64 {
			x |= k[w+1] << (64 - off)
		}
		s[i] = uint8(x & mask)
		at += c.bits
	}
}

// fitsPair returns the bits a cell of base values takes, and whether n
// cells fit 128 bits.
func fitsPair(base, n int) (uint, bool) {
	b := max(uint(bits.Len(uint(base-1))), 1)
	return b, uint(n)*b <= 128
}
