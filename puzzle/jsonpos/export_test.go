package jsonpos

// Held is how many bytes of its document r's window holds.
func Held(r *Reader) int { return len(r.src.buf) }
