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

// heraldExec runs query on its kept statement; ok false when the upstream path must run instead.
func (c *conn) heraldExec(ctx context.Context, query string, args []driver.NamedValue) (r driver.Result, ok bool, err error) {
	if ctx != nil {
		if ctxDone := ctx.Done(); ctxDone != nil {
			select {
			case <-ctxDone:
				return nil, true, ctx.Err()
			default:
			}
		}
	}
	cs := c.heraldAcquire(query)
	if cs == nil {
		return nil, false, nil
	}
	var done int32
	if ctx != nil && ctx.Done() != nil {
		defer interruptOnDone(ctx, c, &done)()
	}
	allocs, err := c.heraldBind(cs.pstmt, args)
	if err != nil {
		c.heraldRelease(cs, nil, true)
		return nil, true, err
	}
	rc, err := c.step(cs.pstmt)
	if err == nil {
		switch rc & 0xff {
		case sqlite3.SQLITE_DONE, sqlite3.SQLITE_ROW:
			r, err = newResult(c)
		default:
			err = c.errstr(int32(rc))
		}
	}
	c.heraldRelease(cs, allocs, err != nil)
	if ctx != nil && atomic.LoadInt32(&done) != 0 {
		return nil, true, ctx.Err()
	}
	if err != nil {
		return nil, true, err
	}
	return r, true, nil
}

// heraldQuery runs query on its kept statement; the rows reset it when closed. ok false when the
// upstream path must run instead.
func (c *conn) heraldQuery(ctx context.Context, query string, args []driver.NamedValue) (r driver.Rows, ok bool, err error) {
	if ctx != nil {
		if ctxDone := ctx.Done(); ctxDone != nil {
			select {
			case <-ctxDone:
				return nil, true, ctx.Err()
			default:
			}
		}
	}
	cs := c.heraldAcquire(query)
	if cs == nil {
		return nil, false, nil
	}
	var done int32
	if ctx != nil && ctx.Done() != nil {
		defer interruptOnDone(ctx, c, &done)()
	}
	allocs, err := c.heraldBind(cs.pstmt, args)
	if err != nil {
		c.heraldRelease(cs, nil, true)
		return nil, true, err
	}
	rc, err := c.step(cs.pstmt)
	var empty bool
	if err == nil {
		switch rc & 0xff {
		case sqlite3.SQLITE_ROW:
		case sqlite3.SQLITE_DONE:
			empty = true
		default:
			err = c.errstr(int32(rc))
		}
	}
	if err == nil && atomic.LoadInt32(&done) != 0 {
		err = ctx.Err()
	}
	if err != nil {
		c.heraldRelease(cs, allocs, true)
		return nil, true, err
	}
	rows := &rows{c: c, pstmt: cs.pstmt, empty: empty, heraldCached: cs, heraldAllocs: allocs}
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
