package pdf

// OCRFunc recognises the text of an image file (PNG, JPEG or TIFF) in a
// language (a BCP 47 tag, or "").
type OCRFunc func(imagePath, lang string) (string, error)

func ocrPage(f *file, pc *pageContent, lang string, ocr OCRFunc) ([]*line, error) {
	return nil, nil
}
