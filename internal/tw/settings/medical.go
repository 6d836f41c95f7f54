package settings

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/BurntSushi/toml"
)

// MedicalLexiconFile is the user's medical pronunciations beside
// settings.toml, read when normalization.medical_lexicon.overlay is not
// set: a TOML table of words and how to say them, such as
// qAM = "every morning".
const MedicalLexiconFile = "medical-lexicon.toml"

// medicalTerms are the medical lexicon's own readings
// (normalization.medical_lexicon.enabled): dosing schedules, routes, units
// and clinical shorthand as a nurse or a doctor says them, each found in
// the case written ("=" entries of a pronunciations table). Made when the
// lexicon is used, not at every start.
func medicalTerms() map[string]string {
	return map[string]string{
		"=b.i.d.": "twice a day", "=BID": "twice a day", "=t.i.d.": "three times a day", "=TID": "three times a day",
		"=q.i.d.": "four times a day", "=QID": "four times a day", "=q.d.": "every day", "=q.o.d.": "every other day",
		"=q2h": "every two hours", "=q4h": "every four hours", "=q6h": "every six hours", "=q8h": "every eight hours",
		"=q12h": "every twelve hours", "=q.h.s.": "at bedtime", "=h.s.": "at bedtime", "=a.c.": "before meals",
		"=p.c.": "after meals", "=p.r.n.": "as needed", "=PRN": "as needed", "=STAT": "immediately",
		"=p.o.": "by mouth", "=PO": "by mouth", "=n.p.o.": "nothing by mouth", "=NPO": "nothing by mouth",
		"=SC": "subcutaneous", "=subcut": "subcutaneous", "=SL": "sublingual", "=PR": "by rectum",
		"=mg": "milligrams", "=mcg": "micrograms", "=µg": "micrograms", "=mL": "milliliters", "=ml": "milliliters",
		"=IU": "international units", "=mEq": "milliequivalents", "=mmHg": "millimeters of mercury",
		"=mmol": "millimoles", "=SpO2": "oxygen saturation", "=BP": "blood pressure", "=HR": "heart rate",
		"=RR": "respiratory rate", "=Dx": "diagnosis", "=Rx": "prescription", "=Hx": "history", "=Tx": "treatment",
		"=Sx": "symptoms", "=Fx": "fracture",
	}
}

// filer is the part of a *Store that knows where settings.toml is.
type filer interface{ File() string }

// MedicalOverlay is the path of the user's medical pronunciations:
// normalization.medical_lexicon.overlay, else medical-lexicon.toml beside
// settings.toml; "" when st is not a store and names none.
func MedicalOverlay(st interface{ String(path string) string }) string {
	if p := st.String("normalization.medical_lexicon.overlay"); p != "" {
		if rest, ok := strings.CutPrefix(p, "~/"); ok {
			if home, err := os.UserHomeDir(); err == nil {
				return filepath.Join(home, rest)
			}
		}
		return p
	}
	if f, ok := st.(filer); ok && f.File() != "" {
		return filepath.Join(filepath.Dir(f.File()), MedicalLexiconFile)
	}
	return ""
}

// ReadMedicalOverlay reads the user's medical pronunciations at path: a
// file that is not there holds none; one that cannot be used is an error
// that names it and says why.
func ReadMedicalOverlay(path string) (map[string]string, error) {
	if path == "" {
		return nil, nil
	}
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var table map[string]any
	if _, err := toml.Decode(string(data), &table); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Base(path), err)
	}
	out := make(map[string]string, len(table))
	for k, v := range table {
		s, ok := v.(string)
		if !ok {
			return nil, fmt.Errorf("%s: %s: what to say must be text", filepath.Base(path), k)
		}
		out[k] = s
	}
	if _, err := CompileLexicon(out); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Base(path), err)
	}
	return out, nil
}

// medicalLexicon is the medical lexicon's entries: the user's (which win)
// then the built-in ones. A user's file that cannot be used is left out
// (MedicalLexiconProblem says why).
func medicalLexicon(st interface{ String(path string) string }) []Pronunciation {
	var out []Pronunciation
	if mine, err := ReadMedicalOverlay(MedicalOverlay(st)); err == nil {
		if l, _ := CompileLexicon(mine); l != nil {
			out = append(out, l.Entries...)
		}
	}
	if l, _ := CompileLexicon(medicalTerms()); l != nil {
		out = append(out, l.Entries...)
	}
	return out
}

// MedicalLexiconProblem says why the user's medical pronunciations cannot
// be used while the medical lexicon is on; nil when they can, or it is off.
func MedicalLexiconProblem(st interface {
	Bool(path string) bool
	String(path string) string
}) error {
	if !st.Bool("normalization.medical_lexicon.enabled") {
		return nil
	}
	_, err := ReadMedicalOverlay(MedicalOverlay(st))
	return err
}
