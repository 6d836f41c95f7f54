package study

import (
	"math"
	"reflect"
	"testing"
)

const t0 = int64(1_000_000)

// run grades a card once a second from t0.
func run(grades ...Grade) Schedule {
	var reviews []Review
	for i, g := range grades {
		reviews = append(reviews, Review{Grade: g, At: t0 + int64(i+1)})
	}
	return ScheduleOf(reviews)
}

func TestSM2(t *testing.T) {
	rep := func(g Grade, n int) []Grade {
		out := make([]Grade, n)
		for i := range out {
			out[i] = g
		}
		return out
	}
	for _, tc := range []struct {
		name     string
		grades   []Grade
		reps     int
		interval int
		ease     float64
	}{
		{"good once: one day", rep(Good, 1), 1, 1, 2.5},
		{"good twice: six days", rep(Good, 2), 2, 6, 2.5},
		{"good three times: six times the ease", rep(Good, 3), 3, 15, 2.5},
		{"good four times", rep(Good, 4), 4, 38, 2.5},
		{"hard lowers the ease by 0.14", rep(Hard, 1), 1, 1, 2.36},
		{"easy raises it by 0.1", rep(Easy, 1), 1, 1, 2.6},
		{"easy three times", rep(Easy, 3), 3, 16, 2.8},
		{"the ease never falls below 1.3", rep(Hard, 12), 12, 0, MinEase},
		{"again starts over and keeps the ease", []Grade{Easy, Good, Good, Again}, 0, 1, 2.6},
		{"then good is one day again", []Grade{Easy, Good, Good, Again, Good}, 1, 1, 2.6},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := run(tc.grades...)
			if s.Repetitions != tc.reps || (tc.interval != 0 && s.IntervalDays != tc.interval) || math.Abs(s.Ease-tc.ease) > 1e-9 {
				t.Errorf("got %d repetitions, %d days, ease %.4f; want %d, %d, %.4f", s.Repetitions, s.IntervalDays, s.Ease, tc.reps, tc.interval, tc.ease)
			}
			last := t0 + int64(len(tc.grades))
			if s.Due != last+int64(s.IntervalDays)*DaySeconds {
				t.Errorf("due at %d, want %d days after the last grade", s.Due, s.IntervalDays)
			}
		})
	}
}

func TestGradesCountInTimeOrder(t *testing.T) {
	a := ScheduleOf([]Review{{Again, t0 + 10}, {Good, t0}})
	b := ScheduleOf([]Review{{Good, t0}, {Again, t0 + 10}})
	if a != b {
		t.Errorf("%+v != %+v", a, b)
	}
}

func TestDueFromHalfADayAhead(t *testing.T) {
	s := run(Good)
	for _, tc := range []struct {
		at   int64
		due  bool
		days int
	}{
		{t0 + DaySeconds/4, false, 1},
		{t0 + DaySeconds/2 + 2, true, 0},
		{t0 + DaySeconds, true, 0},
	} {
		if s.DueAt(tc.at) != tc.due || s.DaysUntil(tc.at) != tc.days {
			t.Errorf("at %d: due %v in %d days, want %v in %d", tc.at, s.DueAt(tc.at), s.DaysUntil(tc.at), tc.due, tc.days)
		}
	}
	if d := run(Good, Good).DaysUntil(t0); d != 6 {
		t.Errorf("after two goods, due in %d days, want 6", d)
	}
	if d := (Schedule{}).DaysUntil(t0); d != -1 {
		t.Errorf("a new card is due in %d days, want -1", d)
	}
}

func TestDueCardsComeFirstThenNewOnes(t *testing.T) {
	now := t0 + 30*DaySeconds
	card := func(reviews ...Review) Card { return Card{Reviews: reviews} }
	cards := []Card{
		card(),
		card(Review{Good, now - DaySeconds}),
		card(Review{Good, now - 3*DaySeconds}),
		card(Review{Good, now - DaySeconds}, Review{Good, now}),
		card(),
	}
	if got := Order(cards, now); !reflect.DeepEqual(got, []int{2, 1, 0, 4}) {
		t.Errorf("order %v", got)
	}
	if got := CountsAt(cards, now); got != (Counts{Cards: 5, Due: 2, New: 2, NextInDays: 6}) {
		t.Errorf("counts %+v", got)
	}
}
