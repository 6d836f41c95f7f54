package settings

import "testing"

// TestFollowedTheme: display.follow_os_theme takes the light or the dark
// theme by COLORFGBG's background, unless a theme was picked; a value it
// cannot read keeps display.theme.
func TestFollowedTheme(t *testing.T) {
	st, _, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if got := FollowedTheme(st, "0;15"); got != "terminal" {
		t.Errorf("follow off: %q", got)
	}
	if _, err := st.Set("display.follow_os_theme", true); err != nil {
		t.Fatal(err)
	}
	for env, want := range map[string]string{"0;15": "light", "15;default;0": "dark", "0;7": "light", "7;8": "dark", "": "terminal", "x;y": "terminal", "0;99": "terminal"} {
		if got := FollowedTheme(st, env); got != want {
			t.Errorf("COLORFGBG %q: %q, want %q", env, got, want)
		}
	}
	if _, err := st.Set("display.theme", "sepia"); err != nil {
		t.Fatal(err)
	}
	if got := FollowedTheme(st, "15;0"); got != "sepia" {
		t.Errorf("a theme set: %q", got)
	}
	if _, err := st.Set("display.theme", nil); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Set("display.theme_explicit", true); err != nil {
		t.Fatal(err)
	}
	if got := FollowedTheme(st, "15;0"); got != "terminal" {
		t.Errorf("the terminal theme picked by hand: %q", got)
	}
	if _, err := st.Set("display.follow_os_theme", "sometimes"); err == nil {
		t.Error("follow_os_theme took a text")
	}
}
