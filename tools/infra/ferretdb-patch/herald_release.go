// Herald's patch to FerretDB v1.24.2 (copied into internal/handler by tools/infra/binaries.cjs
// when it builds FerretDB; see tools/infra/ferretdb-patch/README.md).
//
// Upstream's `update` command queries each statement's documents and closes that result set only
// when the whole command returns (`defer closer.Close()` inside the loop over statements); each
// open result set holds one of the SQLite pool's 100 connections. A bulkWrite of more than ~100
// updateOne statements, or a few concurrent smaller ones, therefore waited forever for a
// connection that its own command held: the store hung (seen as ~100 open sql.Rows held by two
// client connections). `update` and `findAndModify` also kept their result set open while writing,
// so one statement needed two connections at once.
//
// heraldRelease reads what a statement will modify and closes its result set before any write.
//
// Upstream's `update` and `findAndModify` are a read (the matching documents), an update applied in
// Go, and a write of each whole document: two of them on one document at once lose one update
// (both read the old document, the later write puts back what the earlier one changed). MongoDB
// applies each single-document update atomically, and Herald's conditional updates (claims and
// leases, outcomes conditional on the state they start from) rely on it. heraldLock (patch 5)
// serializes the read-modify-write of each update statement and findAndModify per collection, so
// they are atomic against each other; reads and inserts are not held up.

package handler

import (
	"sync"

	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/iterator"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
)

// heraldRelease consumes iter (closing it and every iterator under it, so the backend's result set
// and its connection are released) and returns an iterator over the documents it gave, added to
// closer like the iterators it replaces.
func heraldRelease(iter types.DocumentsIterator, closer *iterator.MultiCloser) (types.DocumentsIterator, error) {
	docs, err := iterator.ConsumeValues(iter)
	if err != nil {
		return nil, lazyerrors.Error(err)
	}

	res := iterator.Values(iterator.ForSlice(docs))
	closer.Add(res)

	return res, nil
}

// heraldLocks holds one mutex per "<database>.<collection>".
var heraldLocks sync.Map

// heraldLock locks the collection's read-modify-write mutex and returns its unlock.
func heraldLock(db, collection string) func() {
	m, _ := heraldLocks.LoadOrStore(db+"."+collection, new(sync.Mutex))
	mu := m.(*sync.Mutex)
	mu.Lock()

	return mu.Unlock
}
