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
	last  uint32 // the entry appended last
}

const blockLen = 32

// indexPlan sizes an indexList from a first look at its entries, so that
// a list is filled in place without gathering its entries first.
type indexPlan struct {
	n      int
	widest uint32
	last   uint32
}

// see notes the next entry.
func (p *indexPlan) see(v uint32) {
	if p.n%blockLen != 0 {
		p.widest = max(p.widest, v-p.last)
	}
	p.last = v
	p.n++
}

// list is an empty list with room for the entries seen; append fills it
// with the same entries in the same order.
func (p *indexPlan) list() *indexList {
	l := &indexList{}
	switch {
	case p.widest > 0xffff:
		l.whole = make([]uint32, 0, p.n)
		return l
	case p.widest > 0xff:
		l.step6 = make([]uint16, 0, p.n)
	default:
		l.step8 = make([]uint8, 0, p.n)
	}
	l.base = make([]uint32, 0, (p.n+blockLen-1)/blockLen)
	return l
}

// append adds the next entry to a list made by indexPlan.list.
func (l *indexList) append(v uint32) {
	i := l.n
	l.n++
	if l.whole != nil {
		l.whole = append(l.whole, v)
		return
	}
	var step uint32
	if i%blockLen == 0 {
		l.base = append(l.base, v)
	} else {
		step = v - l.last
	}
	l.last = v
	if l.step8 != nil {
		l.step8 = append(l.step8, uint8(step))
	} else {
		l.step6 = append(l.step6, uint16(step))
	}
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
