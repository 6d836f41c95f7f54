package units

// indexList is an ascending list of marker numbers kept compactly: the
// number of every blockLen-th entry whole, and each other entry as its
// distance from the one before, in one byte when every distance fits, two
// when they fit there, or every number whole otherwise. A kind's markers
// lie close together in document order, so most lists cost little more
// than a byte an entry.
type indexList struct {
	n     int
	base  []uint32 // entry i*blockLen
	step8 []uint8  // entry i minus entry i-1 (unused at block starts)
	step6 []uint16
	whole []uint32
}

const blockLen = 32

// newIndexList packs idx, which must be ascending.
func newIndexList(idx []uint32) *indexList {
	l := &indexList{n: len(idx)}
	widest := uint32(0)
	for i := 1; i < len(idx); i++ {
		if i%blockLen != 0 {
			widest = max(widest, idx[i]-idx[i-1])
		}
	}
	switch {
	case widest <= 0xff:
		l.step8 = make([]uint8, len(idx))
	case widest <= 0xffff:
		l.step6 = make([]uint16, len(idx))
	default:
		l.whole = make([]uint32, len(idx))
		copy(l.whole, idx)
		return l
	}
	l.base = make([]uint32, (len(idx)+blockLen-1)/blockLen)
	for i, v := range idx {
		switch {
		case i%blockLen == 0:
			l.base[i/blockLen] = v
		case l.step8 != nil:
			l.step8[i] = uint8(v - idx[i-1])
		default:
			l.step6[i] = uint16(v - idx[i-1])
		}
	}
	return l
}

// len is the number of entries; a nil list has none.
func (l *indexList) len() int {
	if l == nil {
		return 0
	}
	return l.n
}

// at is entry i.
func (l *indexList) at(i int) int {
	if l.whole != nil {
		return int(l.whole[i])
	}
	first := i - i%blockLen
	v := l.base[i/blockLen]
	if l.step8 != nil {
		for _, s := range l.step8[first+1 : i+1] {
			v += uint32(s)
		}
	} else {
		for _, s := range l.step6[first+1 : i+1] {
			v += uint32(s)
		}
	}
	return int(v)
}
