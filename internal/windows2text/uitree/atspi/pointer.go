package atspi

import (
	"io"
	"log"
	"os"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"
)

// queryPointer asks the X server of $DISPLAY where the mouse pointer is.
func queryPointer() (int, int, error) {
	if os.Getenv("DISPLAY") == "" {
		return 0, 0, errNoDisplay
	}
	// xgb logs every connection without an Xauthority file to stderr,
	// which belongs to the protocol's fatal diagnostics.
	xgb.Logger = log.New(io.Discard, "", 0)
	c, err := xgb.NewConn()
	if err != nil {
		return 0, 0, err
	}
	defer c.Close()
	root := xproto.Setup(c).DefaultScreen(c).Root
	r, err := xproto.QueryPointer(c, root).Reply()
	if err != nil {
		return 0, 0, err
	}
	return int(r.RootX), int(r.RootY), nil
}
