//go:build !linux

package tablecache

// readChecked returns the payload of the table file path (a regular
// file) when it checks against key k; found says whether there was a file
// to read.
func readChecked(path string, k Key) (payload []byte, found bool) {
	return readWhole(path, k)
}
