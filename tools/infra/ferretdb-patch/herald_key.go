// Herald's patch to FerretDB v1.24.2's SQLite backend (copied into
// internal/backends/sqlite/metadata by tools/infra/binaries.cjs when it builds FerretDB; see
// tools/infra/ferretdb-patch/README.md).
//
// Upstream indexes a field as `_ferretdb_sjson->"field"`: the value's JSON text. That text orders
// numbers as text ("10" < "9") and cannot tell an int from a date, or a string from an ObjectID
// (sjson keeps the type in the document's "$s" schema, not in the value). This file defines the
// typed key Herald indexes top-level fields on instead, and which the pushed-down SQL compares:
//
//	int, long, double -> the number (SQLite INTEGER or REAL: numeric order, 1 = 1.0)
//	string            -> the string (SQLite TEXT: byte order, like MongoDB's)
//	null, missing     -> NULL
//	date              -> BLOB "date:<milliseconds + 2^62, 20 digits>" (fixed width: byte order is time order)
//	anything else     -> BLOB "<sjson type>:<value's JSON text>" (e.g. "bool:true")
//
// SQLite orders NULL < numbers < TEXT < BLOB, which is MongoDB's order for null/missing, numbers
// and strings; dates are ordered among themselves (a range on a date field is pushed down); other
// BLOB keys (other types, arrays, objects) are not ordered like MongoDB, and the pushdown never
// relies on their order (herald_pushdown.go). Equal keys mean equal MongoDB values for every
// scalar (numbers across int/long/double; one type otherwise).

package metadata

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"regexp"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/util/fsql"
)

// heraldSimpleField matches the field names the typed key supports (no quoting needed in a JSON path).
var heraldSimpleField = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// HeraldDateOffset is added to a date's milliseconds in its key, so that every date (BSON's range
// is +-2^63 ms, sjson's dates +-8.64e15 ms) is a positive number written with 20 digits.
const HeraldDateOffset = int64(1) << 62

// HeraldDateKey returns the typed key of a date given in milliseconds since the epoch.
func HeraldDateKey(ms int64) []byte {
	return []byte(fmt.Sprintf("date:%020d", ms+HeraldDateOffset))
}

// HeraldKey returns the SQL expression of field's typed key, or false for a field name it does not
// support (dotted, `$`-prefixed or unusual characters). The text must not change: SQLite matches a
// query's expression to an index's by its text, and indexes are recreated when it differs
// (heraldUpgradeIndexes).
func HeraldKey(field string) (string, bool) {
	if !heraldSimpleField.MatchString(field) {
		return "", false
	}

	t := fmt.Sprintf(`(%s->>'$."$s".p."%s".t')`, DefaultColumn, field)
	v := fmt.Sprintf(`(%s->>'$."%s"')`, DefaultColumn, field)
	j := fmt.Sprintf(`(%s->'$."%s"')`, DefaultColumn, field)

	return fmt.Sprintf(
		`(CASE %[1]s WHEN 'int' THEN %[2]s WHEN 'long' THEN %[2]s WHEN 'double' THEN %[2]s `+
			`WHEN 'string' THEN %[2]s WHEN 'null' THEN NULL `+
			`WHEN 'date' THEN CAST('date:' || printf('%%020d', %[2]s + %[4]d) AS BLOB) `+
			`ELSE CAST(%[1]s || ':' || %[3]s AS BLOB) END)`,
		t, v, j, HeraldDateOffset,
	), true
}

// heraldIndexColumns returns the column list of an index: the typed key of every top-level field,
// the upstream JSON-text form for the default _id index (the one updates and deletes by _id use,
// see IDColumn) and for dotted fields.
func heraldIndexColumns(index IndexInfo) []string {
	columns := make([]string, len(index.Key))

	for i, key := range index.Key {
		if k, ok := HeraldKey(key.Field); ok && index.Name != backends.DefaultIndexName {
			columns[i] = k
		} else {
			fields := strings.Split(key.Field, ".")
			for j, f := range fields {
				fields[j] = fmt.Sprintf("%q", f)
			}

			columns[i] = fmt.Sprintf("%s->%s", DefaultColumn, strings.Join(fields, "->"))
		}

		if key.Descending {
			columns[i] += " DESC"
		}
	}

	return columns
}

// heraldIndexSQL returns the CREATE INDEX statement of an index, as indexesCreate writes it.
func heraldIndexSQL(tableName string, index IndexInfo) string {
	q := "CREATE "

	if index.Unique {
		q += "UNIQUE "
	}

	q += "INDEX %q ON %q (%s)"

	return fmt.Sprintf(q, tableName+"_"+index.Name, tableName, strings.Join(heraldIndexColumns(index), ", "))
}

// heraldUpgradeIndexes recreates the indexes of a database that were created with another column
// form (by upstream FerretDB or an older Herald patch), so that data directories kept across the
// upgrade use their indexes again. Each index is replaced in its own transaction; one that cannot
// be recreated is kept as it was (queries stay correct, only slower) and logged.
func heraldUpgradeIndexes(ctx context.Context, db *fsql.DB, colls map[string]*Collection, l *slog.Logger) {
	for _, c := range colls {
		for _, index := range c.Settings.Indexes {
			name := c.TableName + "_" + index.Name
			want := heraldIndexSQL(c.TableName, index)

			var have sql.NullString
			err := db.QueryRowContext(ctx, `SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?`, name).Scan(&have)
			if err == nil && have.Valid && have.String == want {
				continue
			}

			if l != nil {
				l.WarnContext(ctx, "herald: recreating index for the typed keys of the current patch (once)", slog.String("index", name))
			}

			err = db.InTransaction(ctx, func(tx *fsql.Tx) error {
				if _, e := tx.ExecContext(ctx, fmt.Sprintf("DROP INDEX IF EXISTS %q", name)); e != nil {
					return e
				}

				_, e := tx.ExecContext(ctx, want)

				return e
			})
			if err != nil && l != nil {
				l.WarnContext(ctx, "herald: index not upgraded", slog.String("index", name), slog.String("error", err.Error()))
			}
		}
	}
}
