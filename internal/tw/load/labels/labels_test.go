package labels

import "testing"

func TestRoman(t *testing.T) {
	tests := map[int]string{
		1: "I", 4: "IV", 9: "IX", 14: "XIV", 40: "XL", 90: "XC", 400: "CD",
		1994: "MCMXCIV", 3999: "MMMCMXCIX",
		0: "0", -2: "-2", 4000: "4000",
	}
	for n, want := range tests {
		if got := Roman(n); got != want {
			t.Errorf("Roman(%d) = %q, want %q", n, got, want)
		}
	}
}
