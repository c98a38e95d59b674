//go:build !linux

package tablecache

import "os"

// readChecked returns the payload of the table file path when it checks
// against key k; found says whether there was a file to read.
func readChecked(path string, k Key) (payload []byte, found bool) {
	if !regular(path) {
		return nil, exists(path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, false
	}
	payload, err = decode(data, k)
	if err != nil {
		return nil, true
	}
	return payload, true
}
