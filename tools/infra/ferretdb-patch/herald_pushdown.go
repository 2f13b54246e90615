// Herald's patch to FerretDB v1.24.2's SQLite backend (copied into internal/backends/sqlite by
// tools/infra/binaries.cjs when it builds FerretDB; see tools/infra/ferretdb-patch/README.md).
//
// Upstream pushes a filter down to SQL only when it is exactly {_id: <string or ObjectID>}, and
// writes that condition as `_ferretdb_sjson->'$._id'` while the _id index is on
// `_ferretdb_sjson->"_id"`, so SQLite never uses an index: every query, update and delete scans
// the whole table. This file builds the WHERE clause from every top-level equality (or `$in`) on a
// scalar, written exactly like the index expressions, so SQLite can use the indexes. The handler
// still applies the full filter to every row returned, so the clause only has to be a superset.

package sqlite

import (
	"fmt"
	"math"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/handler/sjson"
	"github.com/FerretDB/FerretDB/internal/types"
)

// heraldMaxIn bounds the `$in` lists turned into SQL (SQLite limits bound parameters).
const heraldMaxIn = 1000

// heraldScalar returns the sjson text of a scalar whose text is canonical (equal values, equal text).
func heraldScalar(v any) (string, bool) {
	switch v := v.(type) {
	case string, types.ObjectID, int32, int64, bool:
	case float64:
		if v != math.Trunc(v) || math.Abs(v) > 1<<53 {
			return "", false
		}
	default:
		return "", false
	}
	b, err := sjson.MarshalSingleValue(v)
	if err != nil {
		return "", false
	}
	return string(b), true
}

// heraldWhere returns a WHERE clause (with its arguments) implied by the filter, or "" when none is.
// Limitation (documented in the README): MongoDB's {field: x} also matches documents whose field
// is an array containing x; this clause does not let those rows through. Herald never filters an
// array-valued field by equality. (Admitting them, `OR field in the JSON-array text range`, is
// correct but stops SQLite from using the later columns of a compound index: measured 100x slower.)
func heraldWhere(filter *types.Document) (string, []any) {
	if filter == nil {
		return "", nil
	}
	var conds []string
	var args []any
	for _, k := range filter.Keys() {
		if k == "" || strings.HasPrefix(k, "$") || strings.Contains(k, ".") {
			continue
		}
		col := fmt.Sprintf("%s->%q", metadata.DefaultColumn, k)
		v, err := filter.Get(k)
		if err != nil {
			continue
		}
		if s, ok := heraldScalar(v); ok {
			conds = append(conds, col+" = ?")
			args = append(args, s)
			continue
		}
		d, ok := v.(*types.Document)
		if !ok || d.Len() != 1 {
			continue
		}
		in, err := d.Get("$in")
		arr, isArr := in.(*types.Array)
		if err != nil || !isArr || arr.Len() == 0 || arr.Len() > heraldMaxIn {
			continue
		}
		values := make([]any, 0, arr.Len())
		for i := 0; i < arr.Len(); i++ {
			e, _ := arr.Get(i)
			s, good := heraldScalar(e)
			if !good {
				values = nil
				break
			}
			values = append(values, s)
		}
		if values == nil {
			continue
		}
		conds = append(conds, col+" IN (?"+strings.Repeat(", ?", len(values)-1)+")")
		args = append(args, values...)
	}
	if len(conds) == 0 {
		return "", nil
	}
	return " WHERE " + strings.Join(conds, " AND "), args
}
