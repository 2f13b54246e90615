// Finds, or installs into .local/bin, the local infrastructure binaries: FerretDB (built with Go)
// and nats-server (Debian's package, unpacked without root). Each is installed only when missing.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync, spawnSync } = require('node:child_process');

const root = path.resolve(__dirname, '..', '..');
const binDir = path.join(root, '.local', 'bin');
const FERRETDB_VERSION = 'v1.24.2';
const FERRETDB_PKG = 'github.com/FerretDB/FerretDB/cmd/ferretdb';

/** The executable `name` on PATH, or null (plain Node, so it works without a shell). */
function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      if (fs.statSync(file).isFile()) return file;
    } catch {
      // not here
    }
  }
  return null;
}

/** Version of Herald's FerretDB patch (tools/infra/ferretdb-patch); a local build without it is rebuilt. */
const FERRETDB_PATCH = '7';
const patchMarker = path.join(binDir, 'ferretdb.herald-patch');

function findBinary(name, envVar) {
  if (process.env[envVar]) return process.env[envVar];
  const local = path.join(binDir, name);
  const current = name !== 'ferretdb' || (fs.existsSync(patchMarker) && fs.readFileSync(patchMarker, 'utf8').trim() === FERRETDB_PATCH);
  if (fs.existsSync(local) && current) return local;
  return onPath(name);
}

/** Exact-text edits of a module's source; a mismatch stops the build rather than build it unpatched. */
function editExact(root, file, from, to) {
  const text = fs.readFileSync(file, 'utf8');
  if (!text.includes(from)) throw new Error(`FerretDB patch does not apply to ${path.relative(root, file)}`);
  fs.writeFileSync(file, text.split(from).join(to));
}

/** modernc.org/sqlite (the driver FerretDB's SQLite backend uses): prepared statements kept per connection (ferretdb-patch/sqlite). */
function applySqlitePatch(src) {
  fs.copyFileSync(path.join(__dirname, 'ferretdb-patch', 'sqlite', 'herald_stmtcache.go'), path.join(src, 'herald_stmtcache.go'));
  const file = path.join(src, 'sqlite.go');
  const edit = (from, to) => editExact(src, file, from, to);
  edit('\twriteTimeFormat string\n\tbeginMode       string\n}', '\twriteTimeFormat string\n\tbeginMode       string\n\n\theraldCache heraldStmtCache\n}');
  edit('\tdoStep bool\n\tempty  bool\n}', '\tdoStep bool\n\tempty  bool\n\n\theraldCached *heraldCachedStmt\n\theraldAllocs []uintptr\n}');
  edit('func (r *rows) Close() (err error) {\n', 'func (r *rows) Close() (err error) {\n\tif r.heraldCached != nil {\n\t\treturn r.heraldClose()\n\t}\n');
  edit(
    'func (c *conn) exec(ctx context.Context, query string, args []driver.NamedValue) (r driver.Result, err error) {\n',
    'func (c *conn) exec(ctx context.Context, query string, args []driver.NamedValue) (r driver.Result, err error) {\n\tif r, ok, err := c.heraldExec(ctx, query, args); ok {\n\t\treturn r, err\n\t}\n',
  );
  edit(
    'func (c *conn) query(ctx context.Context, query string, args []driver.NamedValue) (r driver.Rows, err error) {\n',
    'func (c *conn) query(ctx context.Context, query string, args []driver.NamedValue) (r driver.Rows, err error) {\n\tif r, ok, err := c.heraldQuery(ctx, query, args); ok {\n\t\treturn r, err\n\t}\n',
  );
  edit('\tdefer c.Unlock()\n\n\tif c.db != 0 {\n\t\tif err := c.closeV2(c.db)', '\tdefer c.Unlock()\n\n\tc.heraldFinalizeAll()\n\n\tif c.db != 0 {\n\t\tif err := c.closeV2(c.db)');

  // The JSON parse cache's text comparison (patch 7): bytes.Equal instead of the transpiled byte loop.
  // Every platform's transpiled file has the same line; this machine's must be among those edited.
  const lib = path.join(src, 'lib');
  fs.copyFileSync(path.join(__dirname, 'ferretdb-patch', 'sqlite', 'herald_jsoncache.go'), path.join(lib, 'herald_jsoncache.go'));
  const slowCompare = 'if libc.Xmemcmp(tls, (*TJsonParse)(unsafe.Pointer(*(*uintptr)(unsafe.Pointer(p + 16 + uintptr(i)*8)))).FzJson, zJson, uint64(nJson)) == 0 {';
  const fastCompare = 'if heraldTextEqual((*TJsonParse)(unsafe.Pointer(*(*uintptr)(unsafe.Pointer(p + 16 + uintptr(i)*8)))).FzJson, zJson, uint64(nJson)) {';
  const edited = fs.readdirSync(lib).filter((f) => /^sqlite_.*\.go$/.test(f) && fs.readFileSync(path.join(lib, f), 'utf8').includes(slowCompare));
  for (const f of edited) editExact(src, path.join(lib, f), slowCompare, fastCompare);
  if (!edited.includes(`sqlite_${process.platform}_${{ x64: 'amd64', arm64: 'arm64' }[process.arch] ?? process.arch}.go`)) throw new Error('FerretDB patch: the JSON cache comparison was not found for this platform');
}

/** FerretDB's source: Herald's files copied in, and exact-text edits (editExact). */
function applyFerretdbPatch(src) {
  const patchDir = path.join(__dirname, 'ferretdb-patch');
  const internal = path.join(src, 'internal');
  const sqliteDir = path.join(internal, 'backends', 'sqlite');
  const copies = {
    'herald_pushdown.go': sqliteDir,
    'herald_key.go': path.join(sqliteDir, 'metadata'),
    'herald_count.go': path.join(internal, 'handler'),
    'herald_release.go': path.join(internal, 'handler'),
  };
  for (const [file, dir] of Object.entries(copies)) fs.copyFileSync(path.join(patchDir, file), path.join(dir, file));
  const edit = (file, from, to) => editExact(src, file, from, to);
  const upstreamPushdown = (extra) => `\tif params.Filter.Len() == 1 {
\t\tv, _ := params.Filter.Get("_id")
\t\tswitch v.(type) {
\t\tcase string, types.ObjectID:
${extra}\t\t\twhereClause = fmt.Sprintf(\` WHERE %s = ?\`, metadata.IDColumn)
\t\t\targs = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}
\t\t}
\t}`;

  // SQLite backend: Query is Herald's (WHERE, and ORDER BY / LIMIT / COUNT(*) when exact); Explain shows Herald's WHERE.
  const collection = path.join(sqliteDir, 'collection.go');
  edit(collection, `\tq := prepareSelectClause(meta.TableName, params.Comment, meta.Capped(), params.OnlyRecordIDs)

\tvar whereClause string
\tvar args []any

\t// that logic should exist in one place
\t// TODO https://github.com/FerretDB/FerretDB/issues/3235
${upstreamPushdown('')}

\tq += whereClause
\tq += prepareOrderByClause(params.Sort)

\tif params.Limit != 0 {
\t\tq += \` LIMIT ?\`
\t\targs = append(args, params.Limit)
\t}

\trows, err := db.QueryContext(ctx, q, args...)
\tif err != nil {
\t\treturn nil, lazyerrors.Error(err)
\t}

\treturn &backends.QueryResult{
\t\tIter: newQueryIterator(ctx, rows, params.OnlyRecordIDs),
\t}, nil
}`, '\treturn heraldQuery(ctx, db, meta, params)\n}');
  edit(collection, upstreamPushdown('\t\t\tfilterPushdown = true\n'), '\twhereClause, args = heraldWhere(params.Filter)\n\tfilterPushdown = whereClause != ""');
  // Updates and deletes by _id use the default _id index (JSON-text form).
  edit(path.join(sqliteDir, 'metadata', 'metadata.go'), `IDColumn = DefaultColumn + "->'$._id'"`, 'IDColumn = DefaultColumn + `->"_id"`');

  // Indexes on typed keys (herald_key.go); indexes of existing data directories are recreated when opened.
  const registry = path.join(sqliteDir, 'metadata', 'registry.go');
  edit(registry, `\t\tcolumns := make([]string, len(index.Key))
\t\tfor i, key := range index.Key {
\t\t\tfields := strings.Split(key.Field, ".")
\t\t\tfor j, f := range fields {
\t\t\t\tfields[j] = fmt.Sprintf("%q", f)
\t\t\t}

\t\t\tcolumns[i] = fmt.Sprintf("%s->%s", DefaultColumn, strings.Join(fields, "->"))
\t\t\tif key.Descending {
\t\t\t\tcolumns[i] += " DESC"
\t\t\t}
\t\t}
`, '\t\tcolumns := heraldIndexColumns(index)\n');
  edit(registry, '\tr.colls[dbName] = colls\n', '\theraldUpgradeIndexes(ctx, db, colls, r.l)\n\n\tr.colls[dbName] = colls\n');

  // What the handler asks of the backend, and the count it may get back.
  edit(path.join(internal, 'backends', 'collection.go'), `\tOnlyRecordIDs bool
\tComment       string
}

// QueryResult represents the results of Collection.Query method.
type QueryResult struct {
\tIter types.DocumentsIterator
}`, `\tOnlyRecordIDs bool
\tComment       string

\t// Herald: the complete filter, and the sort and skip+limit the handler applies after it; a
\t// backend may apply them, or count (HeraldCount), only where its filter is exact.
\tHeraldFilter *types.Document
\tHeraldSort   *types.Document
\tHeraldLimit  int64
\tHeraldCount  bool
}

// QueryResult represents the results of Collection.Query method.
type QueryResult struct {
\tIter types.DocumentsIterator

\t// Herald: HeraldCounted when the backend counted the filter's documents (then Iter is empty).
\tHeraldCount   int64
\tHeraldCounted bool
}`);

  // find with a limit: offer the backend the filter, sort and skip+limit.
  edit(path.join(internal, 'handler', 'msg_find.go'), '\th.L.DebugContext(ctx, fmt.Sprintf("Converted %+v for %+v to %+v.", params, cInfo, qp))\n', `\tif !h.DisablePushdown && qp.Sort == nil && qp.Limit == 0 && params.Limit > 0 && params.Skip >= 0 {
\t\tqp.HeraldFilter = params.Filter
\t\tqp.HeraldSort = params.Sort
\t\tqp.HeraldLimit = params.Skip + params.Limit
\t}

\th.L.DebugContext(ctx, fmt.Sprintf("Converted %+v for %+v to %+v.", params, cInfo, qp))
`);

  // update and findAndModify: release each statement's result set before writing, and make each
  // statement's read-modify-write atomic against the others on its collection (herald_release.go).
  const update = path.join(internal, 'handler', 'msg_update.go');
  edit(update, `\t\tres, err := c.Query(ctx, &qp)
\t\tif err != nil {
\t\t\treturn 0, 0, nil, lazyerrors.Error(err)
\t\t}
`, `\t\tunlock := heraldLock(params.DB, params.Collection)

\t\tres, err := c.Query(ctx, &qp)
\t\tif err != nil {
\t\t\tunlock()
\t\t\treturn 0, 0, nil, lazyerrors.Error(err)
\t\t}
`);
  edit(update, `\t\tif !u.Multi {
\t\t\titer = common.LimitIterator(iter, closer, 1)
\t\t}
`, `\t\tif !u.Multi {
\t\t\titer = common.LimitIterator(iter, closer, 1)
\t\t}

\t\tif iter, err = heraldRelease(iter, closer); err != nil {
\t\t\tunlock()
\t\t\treturn 0, 0, nil, lazyerrors.Error(err)
\t\t}
`);
  edit(update, `\t\tresult, err := common.UpdateDocument(ctx, c, "update", iter, &u)
`, `\t\tresult, err := common.UpdateDocument(ctx, c, "update", iter, &u)
\t\tunlock()
`);
  const findAndModify = path.join(internal, 'handler', 'msg_findandmodify.go');
  edit(findAndModify, '\tqueryRes, err := c.Query(ctx, &qp)\n', '\tdefer heraldLock(params.DB, params.Collection)()\n\n\tqueryRes, err := c.Query(ctx, &qp)\n');
  edit(findAndModify, '\titer = common.LimitIterator(iter, closer, 1)\n', `\titer = common.LimitIterator(iter, closer, 1)

\tif iter, err = heraldRelease(iter, closer); err != nil {
\t\treturn nil, lazyerrors.Error(err)
\t}
`);

  // countDocuments (aggregate $match + $group $sum 1) and the count command: the backend's count.
  edit(path.join(internal, 'handler', 'msg_aggregate.go'), 'iter, err = processStagesDocuments(ctx, closer, &stagesDocumentsParams{c, qp, stagesDocuments})',
    'iter, err = h.heraldProcessStagesDocuments(ctx, closer, &stagesDocumentsParams{c, qp, stagesDocuments}, aggregationStages)');
  edit(path.join(internal, 'handler', 'msg_count.go'), `\tif !h.DisablePushdown {
\t\tqp.Filter = params.Filter
\t}

\tqueryRes, err := c.Query(connCtx, &qp)
\tif err != nil {
\t\treturn nil, lazyerrors.Error(err)
\t}
`, `\tif !h.DisablePushdown {
\t\tqp.Filter = params.Filter
\t\tqp.HeraldFilter = params.Filter
\t\tqp.HeraldCount = params.Skip == 0 && params.Limit == 0
\t}

\tqueryRes, err := c.Query(connCtx, &qp)
\tif err != nil {
\t\treturn nil, lazyerrors.Error(err)
\t}

\tif queryRes.HeraldCounted {
\t\tqueryRes.Iter.Close()

\t\treturn documentOpMsg(must.NotFail(types.NewDocument("n", int32(queryRes.HeraldCount), "ok", float64(1))))
\t}
`);
}

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', ...opts });
  return { ok: r.status === 0, out: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

/**
 * FerretDB v1.24.2, built from a throwaway module that requires it: a plain `go install` fails
 * here (the module proxy refuses its version lookup, and the published module lacks the generated
 * build/version/version.txt), and Herald patches the SQLite backend so queries use its indexes
 * (tools/infra/ferretdb-patch/README.md). With a newer Go than FerretDB knows, the build is
 * retried with -ldflags=-checklinkname=0.
 */
function installFerretdb(log) {
  if (!onPath('go')) return null;
  fs.mkdirSync(binDir, { recursive: true });
  log(`building FerretDB ${FERRETDB_VERSION} with Go (about a minute, once)...`);
  const env = { ...process.env, GOBIN: binDir, GOFLAGS: '-mod=mod' };
  const target = path.join(binDir, 'ferretdb');
  const works = () => run(target, ['--version']).ok;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-ferretdb-'));
  try {
    const r1 = run('go', ['mod', 'init', 'herald.local/ferretdb'], { cwd: work, env });
    const r2 = run('go', ['get', `${FERRETDB_PKG}@${FERRETDB_VERSION}`], { cwd: work, env });
    if (!r1.ok || !r2.ok) throw new Error(r2.out || r1.out);
    const modDir = execFileSync('go', ['list', '-m', '-f', '{{.Dir}}', 'github.com/FerretDB/FerretDB'], { cwd: work, env, encoding: 'utf8' }).trim();
    const src = path.join(work, 'src');
    fs.cpSync(modDir, src, { recursive: true });
    spawnSync('chmod', ['-R', 'u+w', src]);
    fs.writeFileSync(path.join(src, 'build', 'version', 'version.txt'), `${FERRETDB_VERSION}\n`);
    applyFerretdbPatch(src);
    run('go', ['mod', 'edit', '-replace', 'github.com/FerretDB/FerretDB=./src'], { cwd: work, env });
    const sqliteDir = execFileSync('go', ['list', '-m', '-f', '{{.Dir}}', 'modernc.org/sqlite'], { cwd: work, env, encoding: 'utf8' }).trim();
    const sqliteSrc = path.join(work, 'sqlite');
    fs.cpSync(sqliteDir, sqliteSrc, { recursive: true });
    spawnSync('chmod', ['-R', 'u+w', sqliteSrc]);
    applySqlitePatch(sqliteSrc);
    run('go', ['mod', 'edit', '-replace', 'modernc.org/sqlite=./sqlite'], { cwd: work, env });
    for (const extra of [[], ['-ldflags=-checklinkname=0']]) {
      const b = run('go', ['build', ...extra, '-o', target, FERRETDB_PKG], { cwd: work, env });
      if (b.ok && works()) {
        fs.writeFileSync(patchMarker, `${FERRETDB_PATCH}\n`);
        return target;
      }
      log(`FerretDB build ${extra.join(' ') || '(plain)'} failed: ${b.out.split('\n').slice(-5).join(' ')}`);
    }
    return null;
  } catch (err) {
    log(`FerretDB build failed: ${String(err.message).slice(0, 500)}`);
    return null;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** nats-server from Debian: `apt-get download` + `dpkg -x`, no root needed. */
function installNatsServer(log) {
  if (!onPath('apt-get') || !onPath('dpkg')) return null;
  fs.mkdirSync(binDir, { recursive: true });
  log('fetching Debian nats-server...');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-nats-'));
  try {
    if (!run('apt-get', ['download', 'nats-server'], { cwd: work }).ok) return null;
    const deb = fs.readdirSync(work).find((f) => f.endsWith('.deb'));
    if (!deb || !run('dpkg', ['-x', deb, 'x'], { cwd: work }).ok) return null;
    const target = path.join(binDir, 'nats-server');
    fs.copyFileSync(path.join(work, 'x', 'usr', 'sbin', 'nats-server'), target);
    fs.chmodSync(target, 0o755);
    return target;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** FerretDB's path, built into .local/bin when missing and Go is at hand; null when it cannot be had. */
function ensureFerretdb(log = console.log) {
  return findBinary('ferretdb', 'FERRETDB_BIN') ?? installFerretdb(log);
}

/** nats-server's path, fetched into .local/bin when missing; null when it cannot be had. */
function ensureNatsServer(log = console.log) {
  return findBinary('nats-server', 'NATS_SERVER_BIN') ?? installNatsServer(log);
}

/** Returns paths of both binaries, installing what is missing; null for one that cannot be had. */
function ensureBinaries(log = console.log) {
  return { ferretdb: ensureFerretdb(log), natsServer: ensureNatsServer(log) };
}

module.exports = { ensureBinaries, ensureFerretdb, ensureNatsServer, findBinary, onPath, binDir, root };
