// Herald's patch to FerretDB v1.24.2's SQLite backend (copied into internal/backends/sqlite by
// tools/infra/binaries.cjs when it builds FerretDB; see tools/infra/ferretdb-patch/README.md).
//
// Upstream pushes a filter down to SQL only when it is exactly {_id: <string or ObjectID>}, never
// uses an index, and sorts, limits and counts in Go after decoding every matching document. This
// file builds the WHERE clause from the top-level equalities, `$in` lists and ranges on scalars,
// comparing the typed keys the indexes are built on (metadata.HeraldKey), so SQLite uses them.
//
// The handler still applies the complete filter (and sort, skip, limit) to every row returned, so
// the clause only has to be a superset. When it is exact -- every condition of the filter was
// translated, and each translation selects exactly the documents MongoDB's condition does (but for
// the documented array limitation) -- the query also pushes down what the handler asked for with
// the Herald* query parameters: ORDER BY and LIMIT for a find with a limit, COUNT(*) for a count.
// Nothing is pushed on a superset: a LIMIT over a superset would lose rows the handler then drops.

package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/handler/sjson"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/fsql"
	"github.com/FerretDB/FerretDB/internal/util/iterator"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
)

// heraldMaxIn bounds the `$in` lists turned into SQL (SQLite limits bound parameters).
const heraldMaxIn = 1000

// heraldReadAllMax is the largest pushed-down LIMIT whose rows are read at once, so that the result
// set (and its pool connection) is released before the handler returns (see heraldQuery).
const heraldReadAllMax = 1000

// Classes of pushed-down values: their typed keys are numbers, TEXT, or BLOB.
const (
	heraldNumber = iota + 1
	heraldText
	heraldBlob
	// heraldDate keys are BLOBs too, but of a fixed width: ordered among themselves (ranges).
	heraldDate
)

// The bounds of every date key: "date:" and the next prefix, "date;".
var (
	heraldDateFirst = []byte("date:")
	heraldDateAfter = []byte("date;")
)

// heraldScalar returns the sjson text of a scalar whose text is canonical (equal values, equal
// text): the form the default _id index (upstream's JSON-text form) is compared in.
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

// heraldValue returns the SQL argument that equals the typed key of exactly the values MongoDB
// finds equal to v, and its class; false for values not pushed down.
func heraldValue(v any) (any, int, bool) {
	switch v := v.(type) {
	case int32:
		return int64(v), heraldNumber, true
	case int64:
		return v, heraldNumber, true
	case float64:
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, 0, false
		}
		return v, heraldNumber, true
	case string:
		return v, heraldText, true
	case bool:
		return []byte(fmt.Sprintf("bool:%t", v)), heraldBlob, true
	case types.ObjectID:
		b, err := sjson.MarshalSingleValue(v)
		if err != nil {
			return nil, 0, false
		}
		return []byte("objectId:" + string(b)), heraldBlob, true
	case time.Time:
		return metadata.HeraldDateKey(v.UnixMilli()), heraldDate, true
	default:
		return nil, 0, false
	}
}

// heraldPlan is the SQL form of a filter.
type heraldPlan struct {
	conds []string
	args  []any

	// exact is true when the conditions select exactly the documents the filter matches.
	exact bool

	// ordered holds the fields whose key, in every selected row, is a number or a string (so
	// their ORDER BY is MongoDB's order).
	ordered map[string]bool
}

func (p *heraldPlan) where() string {
	if len(p.conds) == 0 {
		return ""
	}
	return " WHERE " + strings.Join(p.conds, " AND ")
}

func (p *heraldPlan) add(cond string, args ...any) {
	p.conds = append(p.conds, cond)
	p.args = append(p.args, args...)
}

// heraldWhere returns a WHERE clause (with its arguments) implied by the filter, or "" when none is.
func heraldWhere(filter *types.Document) (string, []any) {
	p := heraldPlanFor(filter)
	return p.where(), p.args
}

// heraldPlanFor translates the filter's top-level conditions it supports.
//
// Limitation (documented in the README): MongoDB's {field: x} (and ranges, `$in`) also match
// documents whose field is an array containing a matching element; these conditions do not let
// those rows through. Herald never filters or sorts an array-valued field. (Admitting them is
// correct but stops SQLite from using the later columns of a compound index: measured 100x slower.)
func heraldPlanFor(filter *types.Document) heraldPlan {
	p := heraldPlan{exact: true, ordered: map[string]bool{}}
	if filter == nil {
		return p
	}

	for _, k := range filter.Keys() {
		v, err := filter.Get(k)
		if err != nil || k == "" || strings.HasPrefix(k, "$") || strings.Contains(k, ".") {
			p.exact = false
			continue
		}

		key, ok := metadata.HeraldKey(k)
		if !ok {
			// an unusual name: the upstream JSON-text form, a superset
			p.exact = false
			if s, good := heraldScalar(v); good {
				p.add(fmt.Sprintf("%s->%q = ?", metadata.DefaultColumn, k), s)
			}
			continue
		}

		d, isDoc := v.(*types.Document)
		if !isDoc {
			if !p.equal(k, key, v) {
				p.exact = false
			}
			continue
		}

		if d.Len() == 0 || !strings.HasPrefix(d.Keys()[0], "$") {
			p.exact = false // equality with an embedded document
			continue
		}

		if !p.operators(k, key, d) {
			p.exact = false
		}
	}

	return p
}

// equal adds `field = v`; false when v is not pushed down.
func (p *heraldPlan) equal(field, key string, v any) bool {
	arg, _, ok := heraldValue(v)
	if !ok {
		return false
	}

	if field == "_id" {
		// also in the JSON-text form of the default _id index, so SQLite can use that one
		if s, good := heraldScalar(v); good {
			p.add(metadata.IDColumn+" = ?", s)
		}
	}

	p.add(key+" = ?", arg)
	p.ordered[field] = true // one value: any order is MongoDB's

	return true
}

// operators adds the conditions of an operator document; false when not all were pushed down.
func (p *heraldPlan) operators(field, key string, d *types.Document) bool {
	all := true
	var lower, upper []string
	var lowerArgs, upperArgs []any
	rangeClass := 0

	for _, op := range d.Keys() {
		v, _ := d.Get(op)

		switch op {
		case "$eq":
			if _, isDoc := v.(*types.Document); isDoc || !p.equal(field, key, v) {
				all = false
			}

		case "$in":
			arr, isArr := v.(*types.Array)
			if !isArr || arr.Len() == 0 || arr.Len() > heraldMaxIn {
				all = false
				continue
			}

			values := make([]any, 0, arr.Len())
			texts := make([]any, 0, arr.Len())
			ordered := true

			for i := 0; i < arr.Len(); i++ {
				e, _ := arr.Get(i)

				arg, class, ok := heraldValue(e)
				if !ok {
					values = nil
					break
				}

				values = append(values, arg)
				ordered = ordered && class != heraldBlob && class != heraldDate

				if s, good := heraldScalar(e); good && texts != nil {
					texts = append(texts, s)
				} else {
					texts = nil
				}
			}

			if values == nil {
				all = false
				continue
			}

			in := " IN (?" + strings.Repeat(", ?", len(values)-1) + ")"
			if field == "_id" && texts != nil {
				p.add(metadata.IDColumn+in, texts...)
			}

			p.add(key+in, values...)
			if ordered {
				p.ordered[field] = true
			}

		case "$lt", "$lte", "$gt", "$gte":
			arg, class, ok := heraldValue(v)
			if !ok || class == heraldBlob || (rangeClass != 0 && rangeClass != class) {
				// MongoDB compares only within a type (bracketing); BLOB keys are not ordered
				all = false
				continue
			}

			rangeClass = class
			sqlOp := map[string]string{"$lt": "<", "$lte": "<=", "$gt": ">", "$gte": ">="}[op]

			if op == "$lt" || op == "$lte" {
				upper = append(upper, key+" "+sqlOp+" ?")
				upperArgs = append(upperArgs, arg)
			} else {
				lower = append(lower, key+" "+sqlOp+" ?")
				lowerArgs = append(lowerArgs, arg)
			}

		default:
			all = false
		}
	}

	if rangeClass != 0 {
		// close the range at its class's boundary: numbers < '' <= TEXT < x'' <= BLOB, and dates
		// within "date:" <= key < "date;"; NULL never matches
		if rangeClass == heraldText && len(lower) == 0 {
			lower = append(lower, key+" >= ''")
		}

		if rangeClass == heraldDate && len(lower) == 0 {
			lower = append(lower, key+" >= ?")
			lowerArgs = append(lowerArgs, heraldDateFirst)
		}

		if len(upper) == 0 {
			switch rangeClass {
			case heraldNumber:
				upper = append(upper, key+" < ''")
			case heraldDate:
				upper = append(upper, key+" < ?")
				upperArgs = append(upperArgs, heraldDateAfter)
			default:
				upper = append(upper, key+" < x''")
			}
		}

		for _, c := range lower {
			p.conds = append(p.conds, c)
		}
		p.args = append(p.args, lowerArgs...)

		for _, c := range upper {
			p.conds = append(p.conds, c)
		}
		p.args = append(p.args, upperArgs...)

		p.ordered[field] = true
	}

	return all
}

// heraldOrderBy returns the ORDER BY clause of a sort on top-level fields, or false when the sort
// is not supported or might not be MongoDB's order on the selected rows (a field with a BLOB key
// there: a type other than number and string, an array or an object).
func heraldOrderBy(ctx context.Context, db *fsql.DB, table string, p *heraldPlan, sort *types.Document) (string, bool) {
	if sort.Len() == 0 {
		return "", true
	}

	terms := make([]string, 0, sort.Len())

	for _, k := range sort.Keys() {
		key, ok := metadata.HeraldKey(k)
		if !ok {
			return "", false
		}

		v, _ := sort.Get(k)

		var dir int64
		switch v := v.(type) {
		case int32:
			dir = int64(v)
		case int64:
			dir = v
		case float64:
			dir = int64(v)
			if float64(dir) != v {
				return "", false
			}
		default:
			return "", false
		}

		switch dir {
		case 1:
			terms = append(terms, key)
		case -1:
			terms = append(terms, key+" DESC")
		default:
			return "", false
		}

		if p.ordered[k] {
			continue
		}

		conds := append(append([]string{}, p.conds...), key+" >= x''")
		q := fmt.Sprintf(`SELECT 1 FROM %q WHERE %s LIMIT 1`, table, strings.Join(conds, " AND "))

		var one int
		err := db.QueryRowContext(ctx, q, p.args...).Scan(&one)
		if !errors.Is(err, sql.ErrNoRows) {
			return "", false
		}
	}

	return " ORDER BY " + strings.Join(terms, ", "), true
}

// heraldQuery runs Collection.Query: upstream's query with Herald's WHERE clause, plus the
// ORDER BY, LIMIT or COUNT(*) the handler asked for when the clause is exact.
func heraldQuery(ctx context.Context, db *fsql.DB, meta *metadata.Collection, params *backends.QueryParams) (*backends.QueryResult, error) {
	filter := params.Filter
	if params.HeraldFilter != nil {
		filter = params.HeraldFilter
	}

	p := heraldPlanFor(filter)
	args := append([]any{}, p.args...)

	if params.HeraldCount && p.exact {
		var n int64

		q := fmt.Sprintf(`SELECT COUNT(*) FROM %q`, meta.TableName) + p.where()
		if err := db.QueryRowContext(ctx, q, args...).Scan(&n); err != nil {
			return nil, lazyerrors.Error(err)
		}

		return &backends.QueryResult{
			Iter:          newQueryIterator(ctx, nil, params.OnlyRecordIDs),
			HeraldCount:   n,
			HeraldCounted: true,
		}, nil
	}

	q := prepareSelectClause(meta.TableName, params.Comment, meta.Capped(), params.OnlyRecordIDs)
	q += p.where()

	orderBy := prepareOrderByClause(params.Sort)
	limit := params.Limit
	bounded := false

	if orderBy == "" && limit == 0 && params.HeraldLimit > 0 && p.exact {
		if o, ok := heraldOrderBy(ctx, db, meta.TableName, &p, params.HeraldSort); ok {
			orderBy = o
			limit = params.HeraldLimit
			bounded = limit <= heraldReadAllMax
		}
	}

	q += orderBy

	if limit != 0 {
		q += ` LIMIT ?`
		args = append(args, limit)
	}

	rows, err := db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, lazyerrors.Error(err)
	}

	iter := newQueryIterator(ctx, rows, params.OnlyRecordIDs)

	if bounded {
		// A pushed-down LIMIT bounds the result: read it now and release the connection, so a
		// cursor the client never exhausts (or never kills) holds no pool connection.
		docs, err := iterator.ConsumeValues(iter)
		if err != nil {
			return nil, lazyerrors.Error(err)
		}

		iter = iterator.Values(iterator.ForSlice(docs))
	}

	return &backends.QueryResult{Iter: iter}, nil
}
