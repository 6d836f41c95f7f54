// Package labels writes numbers as the labels documents number lists and
// pages with.
package labels

import (
	"strconv"
	"strings"
)

// Roman is n in upper-case Roman numerals ("XIV"); a number outside 1 to
// 3999 is written in digits.
func Roman(n int) string {
	if n <= 0 || n >= 4000 {
		return strconv.Itoa(n)
	}
	vals := []int{1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1}
	syms := []string{"M", "CM", "D", "CD", "C", "XC", "L", "XL", "X", "IX", "V", "IV", "I"}
	var b strings.Builder
	for i, v := range vals {
		for n >= v {
			b.WriteString(syms[i])
			n -= v
		}
	}
	return b.String()
}
