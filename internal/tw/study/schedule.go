package study

import (
	"math"
	"sort"
)

// The SM-2 schedule (Wozniak, 1990), worked out from a card's grades
// alone, oldest first: nothing but the grades is stored, so two copies of
// a deck holding the same grades agree on when each card is due.
//
// The four grades are SM-2 qualities: Again 1, Hard 3, Good 4, Easy 5.
// Again starts the card over (one day, repetitions from zero, the ease
// kept). Any other grade counts a repetition: one day after the first,
// six after the second, then the last interval times the ease, rounded;
// the ease then moves by 0.1 - (5-q)(0.08 + (5-q)0.02) and never falls
// below 1.3. A card is due its interval after the grade that set it, and
// counts as due from half a day before then.

const (
	// DaySeconds is one day.
	DaySeconds = 86400
	// DueAhead is how long before its time a card counts as due.
	DueAhead = DaySeconds / 2
	// StartEase is a new card's ease.
	StartEase = 2.5
	// MinEase is the lowest ease.
	MinEase = 1.3
	// MaxIntervalDays bounds an interval (about a hundred years).
	MaxIntervalDays = 36500
)

// Grade is how well a card was recalled, 1 (again) to 4 (easy).
type Grade int

const (
	Again Grade = 1
	Hard  Grade = 2
	Good  Grade = 3
	Easy  Grade = 4
)

// Valid reports whether g is one of the four grades.
func (g Grade) Valid() bool { return g >= Again && g <= Easy }

// quality is the SM-2 quality of a grade.
func (g Grade) quality() float64 {
	switch g {
	case Again:
		return 1
	case Hard:
		return 3
	case Good:
		return 4
	default:
		return 5
	}
}

// Review is one grade given, at a time in Unix seconds.
type Review struct {
	Grade Grade `json:"grade"`
	At    int64 `json:"at"`
}

// Schedule is where a card stands after its grades.
type Schedule struct {
	Ease         float64
	Repetitions  int
	IntervalDays int
	// Due is when the card is next due (Unix seconds); 0 for a card never
	// graded.
	Due int64
}

// After is the schedule after grade g, given at time at.
func (s Schedule) After(g Grade, at int64) Schedule {
	if s.Ease == 0 {
		s.Ease = StartEase
	}
	if g == Again {
		s.Repetitions, s.IntervalDays = 0, 1
	} else {
		switch s.Repetitions {
		case 0:
			s.IntervalDays = 1
		case 1:
			s.IntervalDays = 6
		default:
			next := float64(s.IntervalDays) * s.Ease
			s.IntervalDays = int(min(max(math.Round(next), 1), MaxIntervalDays))
		}
		s.Repetitions++
		q := 5 - g.quality()
		s.Ease = max(MinEase, s.Ease+0.1-q*(0.08+q*0.02))
	}
	s.Due = at + int64(s.IntervalDays)*DaySeconds
	return s
}

// ScheduleOf is the schedule from reviews, taken in time order.
func ScheduleOf(reviews []Review) Schedule {
	sorted := append([]Review(nil), reviews...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].At < sorted[j].At })
	s := Schedule{Ease: StartEase}
	for _, r := range sorted {
		s = s.After(r.Grade, r.At)
	}
	return s
}

// New reports whether the card was never graded.
func (s Schedule) New() bool { return s.Due == 0 }

// DueAt reports whether a graded card is due at now.
func (s Schedule) DueAt(now int64) bool { return s.Due != 0 && s.Due-DueAhead <= now }

// DaysUntil is the whole days from now until the card is due, at least
// one, or 0 for a card due now; -1 for a new card.
func (s Schedule) DaysUntil(now int64) int {
	switch {
	case s.New():
		return -1
	case s.DueAt(now):
		return 0
	}
	return int(max((s.Due-now+DaySeconds/2)/DaySeconds, 1))
}

// Counts is how a deck stands at a moment.
type Counts struct {
	Cards int `json:"cards"`
	Due   int `json:"due"`
	New   int `json:"new"`
	// NextInDays is the days until the soonest card not yet due falls
	// due; 0 when there is none.
	NextInDays int `json:"next_in_days,omitempty"`
}

// CountsAt counts cards at now.
func CountsAt(cards []Card, now int64) Counts {
	c := Counts{Cards: len(cards)}
	for _, card := range cards {
		s := ScheduleOf(card.Reviews)
		switch {
		case s.New():
			c.New++
		case s.DueAt(now):
			c.Due++
		default:
			if d := s.DaysUntil(now); c.NextInDays == 0 || d < c.NextInDays {
				c.NextInDays = d
			}
		}
	}
	return c
}

// Order is the cards to study at now, as indexes into cards: the due
// ones first, longest overdue first, then the new ones in deck order.
// Cards not yet due are left out.
func Order(cards []Card, now int64) []int {
	type due struct {
		at int64
		i  int
	}
	var dues []due
	var fresh []int
	for i, card := range cards {
		s := ScheduleOf(card.Reviews)
		switch {
		case s.New():
			fresh = append(fresh, i)
		case s.DueAt(now):
			dues = append(dues, due{s.Due, i})
		}
	}
	sort.SliceStable(dues, func(a, b int) bool { return dues[a].at < dues[b].at })
	out := make([]int, 0, len(dues)+len(fresh))
	for _, d := range dues {
		out = append(out, d.i)
	}
	return append(out, fresh...)
}
