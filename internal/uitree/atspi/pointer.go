package atspi

import (
	"os"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"
)

// queryPointer asks the X server of $DISPLAY where the mouse pointer is.
func queryPointer() (int, int, error) {
	if os.Getenv("DISPLAY") == "" {
		return 0, 0, errNoDisplay
	}
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
