//go:build linux

package cli

import (
	"io"
	"log"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"
)

// warpPointer moves the X pointer of display to (x, y).
func warpPointer(display string, x, y int) error {
	xgb.Logger = log.New(io.Discard, "", 0)
	c, err := xgb.NewConnDisplay(display)
	if err != nil {
		return err
	}
	defer c.Close()
	root := xproto.Setup(c).DefaultScreen(c).Root
	return xproto.WarpPointerChecked(c, 0, root, 0, 0, 0, 0, int16(x), int16(y)).Check()
}
