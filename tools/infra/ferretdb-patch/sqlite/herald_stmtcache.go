// Herald's patch of modernc.org/sqlite (tools/infra/ferretdb-patch/README.md, patch 6): a cache of
// prepared statements per connection.
//
// Upstream prepares every statement anew on each Exec and Query (conn.exec/conn.query build a stmt
// that calls sqlite3_prepare_v2 and finalizes it afterwards). FerretDB never uses database/sql's
// prepared statements, so under Herald's load SQLite's parser took about a fifth of the store's
// CPU (one UPDATE per updated document, one SELECT per query). Here a single-statement SQL text
// is prepared once per connection and kept; a call binds, steps, then resets it and clears its
// bindings. A statement that is in use (its rows still open) is not shared: that call prepares
// its own, as upstream does. A statement whose step fails is finalized and dropped. With
// sqlite3_prepare_v2 a schema change re-prepares a kept statement at its next step.
package sqlite

import (
	"context"
	"database/sql/driver"
	"sync/atomic"
	"unsafe"

	"modernc.org/libc"
	sqlite3 "modernc.org/sqlite/lib"
)

// heraldMaxStatements bounds the statements kept per connection (texts differ by $in list length).
const heraldMaxStatements = 512

type heraldCachedStmt struct {
	sql   string
	pstmt uintptr
	busy  bool
}

type heraldStmtCache struct {
	stmts map[string]*heraldCachedStmt
	// Texts found not to be one statement (or not preparable): left to upstream's path.
	skip map[string]struct{}
}

// heraldAcquire returns the connection's prepared statement for query, preparing and keeping it
// when it is one statement; nil when the upstream path must run (in use, several statements, or a
// prepare error, which that path then reports).
func (c *conn) heraldAcquire(query string) *heraldCachedStmt {
	hc := &c.heraldCache
	if hc.stmts == nil {
		hc.stmts = make(map[string]*heraldCachedStmt)
		hc.skip = make(map[string]struct{})
	}
	if cs := hc.stmts[query]; cs != nil {
		if cs.busy {
			return nil
		}
		cs.busy = true
		return cs
	}
	if _, ok := hc.skip[query]; ok {
		return nil
	}
	psql, err := libc.CString(query)
	if err != nil {
		return nil
	}
	defer c.free(psql)
	tail := psql
	pstmt, err := c.prepareV2(&tail)
	if err != nil {
		return nil
	}
	if pstmt == 0 || *(*byte)(unsafe.Pointer(tail)) != 0 {
		if pstmt != 0 {
			c.finalize(pstmt)
		}
		if len(hc.skip) < heraldMaxStatements {
			hc.skip[query] = struct{}{}
		}
		return nil
	}
	if len(hc.stmts) >= heraldMaxStatements {
		for k, v := range hc.stmts {
			if !v.busy {
				c.finalize(v.pstmt)
				delete(hc.stmts, k)
				break
			}
		}
	}
	cs := &heraldCachedStmt{sql: query, pstmt: pstmt, busy: true}
	hc.stmts[query] = cs
	return cs
}

// heraldRelease makes the statement ready for its next use; a statement that failed is dropped.
func (c *conn) heraldRelease(cs *heraldCachedStmt, allocs []uintptr, failed bool) {
	rc := sqlite3.Xsqlite3_reset(c.tls, cs.pstmt)
	sqlite3.Xsqlite3_clear_bindings(c.tls, cs.pstmt)
	for _, v := range allocs {
		c.free(v)
	}
	cs.busy = false
	if failed || rc != sqlite3.SQLITE_OK {
		if c.heraldCache.stmts[cs.sql] == cs {
			delete(c.heraldCache.stmts, cs.sql)
		}
		c.finalize(cs.pstmt)
		cs.pstmt = 0
	}
}

// heraldFinalizeAll finalizes every kept statement (before the connection closes).
func (c *conn) heraldFinalizeAll() {
	for k, v := range c.heraldCache.stmts {
		if v.pstmt != 0 {
			c.finalize(v.pstmt)
			v.pstmt = 0
		}
		delete(c.heraldCache.stmts, k)
	}
}

func (c *conn) heraldBind(pstmt uintptr, args []driver.NamedValue) ([]uintptr, error) {
	n, err := c.bindParameterCount(pstmt)
	if err != nil || n == 0 {
		return nil, err
	}
	return c.bind(pstmt, n, args)
}

// heraldStep binds args to query's kept statement and takes its first step, under ctx (SQLite is
// interrupted if ctx ends meanwhile, as upstream does). ok false: the upstream path must run
// instead. On an error the statement is dropped; otherwise the caller releases it.
func (c *conn) heraldStep(ctx context.Context, query string, args []driver.NamedValue) (cs *heraldCachedStmt, allocs []uintptr, rc int, ok bool, err error) {
	if ctx != nil {
		if ctxDone := ctx.Done(); ctxDone != nil {
			select {
			case <-ctxDone:
				return nil, nil, 0, true, ctx.Err()
			default:
			}
		}
	}
	if cs = c.heraldAcquire(query); cs == nil {
		return nil, nil, 0, false, nil
	}
	var done int32
	if ctx != nil && ctx.Done() != nil {
		stop := interruptOnDone(ctx, c, &done)
		defer stop()
	}
	if allocs, err = c.heraldBind(cs.pstmt, args); err == nil {
		rc, err = c.step(cs.pstmt)
	}
	if err == nil && atomic.LoadInt32(&done) != 0 {
		err = ctx.Err()
	}
	if err != nil {
		c.heraldRelease(cs, allocs, true)
		return nil, nil, 0, true, err
	}
	return cs, allocs, rc, true, nil
}

// heraldExec runs query on its kept statement; ok false when the upstream path must run instead.
func (c *conn) heraldExec(ctx context.Context, query string, args []driver.NamedValue) (r driver.Result, ok bool, err error) {
	cs, allocs, _, ok, err := c.heraldStep(ctx, query, args)
	if !ok || err != nil {
		return nil, ok, err
	}
	r, err = newResult(c)
	c.heraldRelease(cs, allocs, err != nil)
	if err != nil {
		return nil, true, err
	}
	return r, true, nil
}

// heraldQuery runs query on its kept statement; the rows reset it when closed. ok false when the
// upstream path must run instead.
func (c *conn) heraldQuery(ctx context.Context, query string, args []driver.NamedValue) (r driver.Rows, ok bool, err error) {
	cs, allocs, rc, ok, err := c.heraldStep(ctx, query, args)
	if !ok || err != nil {
		return nil, ok, err
	}
	rows := &rows{c: c, pstmt: cs.pstmt, empty: rc&0xff == sqlite3.SQLITE_DONE, heraldCached: cs, heraldAllocs: allocs}
	n, err := c.columnCount(cs.pstmt)
	if err == nil {
		rows.columns = make([]string, n)
		for i := range rows.columns {
			if rows.columns[i], err = c.columnName(cs.pstmt, i); err != nil {
				break
			}
		}
	}
	if err != nil {
		c.heraldRelease(cs, allocs, true)
		return nil, true, err
	}
	return rows, true, nil
}

// heraldClose is rows.Close for rows over a kept statement.
func (r *rows) heraldClose() error {
	cs := r.heraldCached
	r.heraldCached = nil
	allocs := r.heraldAllocs
	r.heraldAllocs = nil
	r.pstmt = 0
	r.c.heraldRelease(cs, allocs, false)
	return nil
}
