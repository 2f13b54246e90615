// Herald's patch to FerretDB v1.24.2 (copied into internal/handler by tools/infra/binaries.cjs
// when it builds FerretDB; see tools/infra/ferretdb-patch/README.md).
//
// The drivers' countDocuments is the pipeline [{$match: M}, {$group: {_id: 1, n: {$sum: 1}}}].
// Upstream decodes every document M matches and counts them in Go. Here the backend is asked to
// count M itself (backends.QueryParams.HeraldCount); the SQLite backend does, with COUNT(*), when
// its SQL form of M is exact, and otherwise returns the documents as before.

package handler

import (
	"context"
	"math"
	"strings"

	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/iterator"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// heraldCountShape returns the parts of a [{$match: M}, {$group: {_id: <constant>, F: {$sum: 1}}}]
// pipeline; false for any other pipeline.
func heraldCountShape(pipeline []any) (match *types.Document, id any, field string, ok bool) {
	if len(pipeline) != 2 {
		return
	}

	stage := func(v any, name string) *types.Document {
		d, isDoc := v.(*types.Document)
		if !isDoc || d.Len() != 1 || d.Command() != name {
			return nil
		}
		arg, _ := d.Get(name)
		doc, _ := arg.(*types.Document)
		return doc
	}

	match = stage(pipeline[0], "$match")
	group := stage(pipeline[1], "$group")
	if match == nil || group == nil || group.Len() != 2 || group.Keys()[0] != "_id" {
		return nil, nil, "", false
	}

	id, _ = group.Get("_id")
	switch id.(type) {
	case int32, int64, float64, types.NullType:
	default:
		return nil, nil, "", false
	}

	field = group.Keys()[1]
	if field == "" || strings.HasPrefix(field, "$") || strings.Contains(field, ".") {
		return nil, nil, "", false
	}

	acc, _ := group.Get(field)
	sum, isDoc := acc.(*types.Document)
	if !isDoc || sum.Len() != 1 || sum.Keys()[0] != "$sum" {
		return nil, nil, "", false
	}
	if one, _ := sum.Get("$sum"); one != int32(1) {
		return nil, nil, "", false
	}

	return match, id, field, true
}

// heraldProcessStagesDocuments is processStagesDocuments, but a counting pipeline (heraldCountShape)
// is answered by the backend's count when it can give one: {_id: <constant>, F: <count>}, with
// $sum's type (int32, or int64 beyond), and no document at all for a count of 0, like $group.
func (h *Handler) heraldProcessStagesDocuments(ctx context.Context, closer *iterator.MultiCloser, p *stagesDocumentsParams, pipeline []any) (types.DocumentsIterator, error) { //nolint:lll // for readability
	match, id, field, ok := heraldCountShape(pipeline)
	if !ok || h.DisablePushdown || p.qp.Sort != nil {
		return processStagesDocuments(ctx, closer, p)
	}

	qp := *p.qp
	qp.HeraldFilter = match
	qp.HeraldCount = true

	queryRes, err := p.c.Query(ctx, &qp)
	if err != nil {
		closer.Close()
		return nil, lazyerrors.Error(err)
	}

	closer.Add(queryRes.Iter)

	if !queryRes.HeraldCounted {
		iter := queryRes.Iter

		for _, s := range p.stages {
			if iter, err = s.Process(ctx, iter, closer); err != nil {
				return nil, err
			}
		}

		return iter, nil
	}

	var docs []*types.Document

	if n := queryRes.HeraldCount; n > 0 {
		var count any = n
		if n <= math.MaxInt32 {
			count = int32(n)
		}

		docs = append(docs, must.NotFail(types.NewDocument("_id", id, field, count)))
	}

	return iterator.Values(iterator.ForSlice(docs)), nil
}
