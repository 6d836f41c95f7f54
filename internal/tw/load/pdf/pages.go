package pdf

import (
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
)

// maxPageReaders bounds the goroutines that read pages at once.
const maxPageReaders = 4

// readPages reads every page of pd into what it shows and its lines, and
// tells progress (when not nil) of each page in page order. Pages are
// independent once the cross-reference table is read, so up to
// GOMAXPROCS page readers (at most maxPageReaders) take pages in turn,
// each with its own fork of the file (see file.fork), sharing the fonts
// they load; what they give does not depend on which read what. As a reading page
// after page would, the first page in order whose reading fails with
// ErrLimit, or panics, ends the reading: pages after it are not read, and
// its error (or panic, on this goroutine) is the answer.
func readPages(pd *pdfDoc, progress func(done, total int)) ([]*pageContent, [][]*line, error) {
	n := len(pd.pages)
	contents := make([]*pageContent, n)
	lines := make([][]*line, n)
	readers := min(runtime.GOMAXPROCS(0), maxPageReaders, n)
	if readers <= 1 {
		r := newPageReader(pd, nil)
		for i, pg := range pd.pages {
			pc, ls, err := r.read(pg)
			if err != nil {
				return nil, nil, err
			}
			contents[i], lines[i] = pc, ls
			if progress != nil {
				progress(i+1, n)
			}
		}
		return contents, lines, nil
	}
	var (
		next     atomic.Int64 // the next page to take
		last     atomic.Int64 // no page after it is taken: an earlier one failed
		wg       sync.WaitGroup
		errs     = make([]error, n)
		panics   = make([]any, n)
		finished = make(chan int, n)
		fonts    sharedFonts
	)
	last.Store(int64(n - 1))
	for k := range readers {
		d := pd
		if k > 0 {
			d = &pdfDoc{f: pd.f.fork(), pages: pd.pages, pageNum: pd.pageNum}
		}
		wg.Go(func() {
			r := newPageReader(d, &fonts)
			for {
				i := int(next.Add(1) - 1)
				if i > int(last.Load()) {
					return
				}
				func() {
					defer func() {
						if p := recover(); p != nil {
							panics[i] = p
						}
					}()
					contents[i], lines[i], errs[i] = r.read(pd.pages[i])
				}()
				if errs[i] != nil || panics[i] != nil {
					lowerTo(&last, int64(i))
				}
				finished <- i
			}
		})
	}
	// Pages finish in any order; they are taken in order, so every page
	// before a failed one is read before the answer is given.
	done := make([]bool, n)
	at := 0
	var err error
	var panicked any
	for at < n && err == nil && panicked == nil {
		done[<-finished] = true
		for ; at < n && done[at]; at++ {
			if err, panicked = errs[at], panics[at]; err != nil || panicked != nil {
				lowerTo(&last, int64(at))
				break
			}
			if progress != nil {
				progress(at+1, n)
			}
		}
	}
	wg.Wait()
	if panicked != nil {
		panic(panicked)
	}
	if err != nil {
		return nil, nil, err
	}
	return contents, lines, nil
}

// lowerTo sets v to x when x is lower.
func lowerTo(v *atomic.Int64, x int64) {
	for {
		cur := v.Load()
		if x >= cur || v.CompareAndSwap(cur, x) {
			return
		}
	}
}

// pageReader reads pages into lines, keeping the fonts it loaded and its
// buffers from page to page. It is not safe for concurrent use.
type pageReader struct {
	d     *pdfDoc
	fonts *fontSet
	chars []char // the glyphs of the page read last, for the next one
	lines lineScratch
}

// newPageReader reads pages of d, sharing fonts with other readers when
// shared is not nil.
func newPageReader(d *pdfDoc, shared *sharedFonts) *pageReader {
	return &pageReader{d: d, fonts: newFontSet(shared)}
}

// read interprets a page and builds its lines. A page whose content
// cannot be read is empty; only an error that wraps ErrLimit is returned.
func (r *pageReader) read(pg dict) (*pageContent, []*line, error) {
	pc, err := r.d.f.runPage(pg, r.fonts, r.chars[:0])
	if err != nil {
		if errors.Is(err, ErrLimit) {
			return nil, nil, err
		}
		pc = &pageContent{width: 612, height: 792}
	}
	pc.links = r.d.links(pg)
	ls := buildLines(pc.chars, &r.lines)
	attachLinks(ls, pc.links)
	if cap(pc.chars) > cap(r.chars) {
		r.chars = pc.chars
	}
	pc.chars = nil
	return pc, ls, nil
}
