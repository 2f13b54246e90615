// Herald's patch of modernc.org/sqlite/lib (tools/infra/ferretdb-patch/README.md, patch 7): SQLite's
// JSON parse cache compares a document's text with its cached entries byte by byte.
//
// SQLite keeps the last few parsed JSON texts per statement (jsonCacheSearch) and finds an entry
// by pointer, else by comparing the whole text with memcmp. FerretDB stores each document as one
// JSON text and Herald's typed index keys extract two values per indexed field, so every row
// written or matched compares whole documents many times; modernc's transpiled memcmp is a Go loop
// over single bytes, and it was 24 % of the store's CPU during a 100,000-recipient broadcast.
// heraldTextEqual is the same comparison (equal or not) through Go's vectorized bytes.Equal.
package sqlite3

import (
	"bytes"
	"unsafe"
)

// heraldTextEqual reports whether the n bytes at a and b are equal (memcmp(a, b, n) == 0).
func heraldTextEqual(a, b uintptr, n uint64) bool {
	if n == 0 || a == b {
		return true
	}
	return bytes.Equal(unsafe.Slice((*byte)(unsafe.Pointer(a)), n), unsafe.Slice((*byte)(unsafe.Pointer(b)), n))
}
