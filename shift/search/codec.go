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
