// Copyright (c) obkvlite authors.
//
// Drives `obkv thrift2 start` from Node with the npm `thrift` library and
// the client generated from src/server/thrift2/hbase2.thrift at build time
// (`thrift --gen js:node`): every THBaseService method, with exact
// results, each read cross-checked against the Thrift1 gateway on the same
// store (its client generated from src/server/thrift/hbase.thrift).
//
//   node thrift2_node_test.js THRIFT2_DIR THRIFT1_DIR GEN_JS_DIR
//
// Runs with node:test; every call has a socket timeout and the whole run a
// watchdog, so a hung gateway fails the test instead of stalling CI.

'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const test = require('node:test');
const thrift = require('thrift');
const Int64 = require('node-int64');

const [thrift2Dir, thrift1Dir, genDir] = process.argv.slice(2);
const THBaseService = require(path.join(genDir, 'THBaseService.js'));
const t2 = require(path.join(genDir, 'hbase2_types.js'));
const Hbase = require(path.join(genDir, 'Hbase.js'));
const t1 = require(path.join(genDir, 'hbase_types.js'));

const watchdog = setTimeout(() => {
  console.error('thrift2_node_test: watchdog: no end after 120 s');
  process.exit(2);
}, 120000);
watchdog.unref();

function port(dir) {
  return Number(fs.readFileSync(path.join(dir, 'port'), 'utf8'));
}

// The binary protocol: npm thrift 0.17's compact reader takes every bool
// of a list for false (its readBool compares the transport's readByte()
// result, a number, as an object); the C++ and Python suites cover compact.
function connect(service, dir, framed) {
  const connection = thrift.createConnection('127.0.0.1', port(dir), {
    transport: framed ? thrift.TFramedTransport : thrift.TBufferedTransport,
    protocol: thrift.TBinaryProtocol,
    connect_timeout: 20000,
    timeout: 20000,
  });
  connection.on('error', (e) => {
    console.error('thrift2_node_test: connection:', e.message);
    process.exit(1);
  });
  return {connection, client: thrift.createClient(service, connection)};
}

const B = (s) => Buffer.from(s);
const n = (x) => (x instanceof Int64 ? x.toNumber() : Number(x));
const cv = (family, qualifier, value, ts) =>
  new t2.TColumnValue({family: B(family), qualifier: B(qualifier),
                       value: B(value),
                       timestamp: ts === undefined ? null : new Int64(ts)});
const put = (row, values, ts) =>
  new t2.TPut({row: B(row), columnValues: values,
               timestamp: ts === undefined ? null : new Int64(ts)});

// "family:qualifier@ts=value" of each cell of a TResult.
function cells(result) {
  return result.columnValues.map((c) => {
    assert.equal(c.type, 4);
    return `${c.family}:${c.qualifier}@${n(c.timestamp)}=${c.value}`;
  });
}

let c2;
let c1;
let conns = [];

test.before(() => {
  const a = connect(THBaseService, thrift2Dir, true);
  const b = connect(Hbase, thrift1Dir, false);
  c2 = a.client;
  c1 = b.client;
  conns = [a.connection, b.connection];
});

test.after(() => {
  for (const c of conns) c.end();
});

async function fresh(name, families) {
  const table = new t2.TTableName({qualifier: B(name)});
  if (await c2.tableExists(table)) {
    if (await c2.isTableEnabled(table)) await c2.disableTable(table);
    await c2.deleteTable(table);
  }
  await c2.createTable(new t2.TTableDescriptor({
    tableName: table,
    columns: families || [new t2.TColumnFamilyDescriptor({name: B('f'), maxVersions: 3}),
                          new t2.TColumnFamilyDescriptor({name: B('g')})],
  }), null);
  return name;
}

test('puts, gets, exists, getMultiple', async () => {
  const t = await fresh('node2_data');
  await c2.put(t, put('r', [cv('f', 'a', 'v1', 5), cv('f', 'a', 'v2', 7),
                            cv('g', 'b', 'x', 9)]));
  const r = await c2.get(t, new t2.TGet({row: B('r'), maxVersions: 3}));
  assert.equal(r.row.toString(), 'r');
  assert.deepEqual(cells(r), ['f:a@7=v2', 'f:a@5=v1', 'g:b@9=x']);
  const rows1 = await c1.getRow(t, 'r', {});
  assert.equal(rows1[0].columns['f:a'].value.toString(), 'v2');
  assert.equal(n(rows1[0].columns['f:a'].timestamp), 7);
  const none = await c2.get(t, new t2.TGet({row: B('none')}));
  assert.equal(none.row, null);
  assert.deepEqual(none.columnValues, []);
  assert.equal(await c2.exists(t, new t2.TGet({row: B('r')})), true);
  assert.deepEqual(await c2.existsAll(t, [new t2.TGet({row: B('none')}),
                                          new t2.TGet({row: B('r')})]),
                   [false, true]);
  const many = await c2.getMultiple(t, [new t2.TGet({row: B('r')}),
                                        new t2.TGet({row: B('none')})]);
  assert.deepEqual(many.map((m) => (m.row ? m.row.toString() : null)), ['r', null]);
  await c2.putMultiple(t, [put('m', [cv('f', 'a', '1')], 3), put('z', [cv('f', 'a', '2')], 4)]);
  const cells1 = await c1.get(t, 'z', 'f:a', {});
  assert.equal(cells1[0].value.toString(), '2');
  assert.equal(n(cells1[0].timestamp), 4);
});

test('deletes, increments, appends, check-and-mutate, mutateRow', async () => {
  const t = await fresh('node2_writes');
  await c2.put(t, put('r', [cv('f', 'a', 'a1', 1), cv('f', 'a', 'a2', 2),
                            cv('g', 'c', 'c3', 3)]));
  await c2.deleteSingle(t, new t2.TDelete({
    row: B('r'), columns: [new t2.TColumn({family: B('f'), qualifier: B('a')})],
    deleteType: t2.TDeleteType.DELETE_COLUMN}));
  let r = await c2.get(t, new t2.TGet({row: B('r'), maxVersions: 5}));
  assert.deepEqual(cells(r), ['f:a@1=a1', 'g:c@3=c3']);
  assert.deepEqual(await c2.deleteMultiple(t, [new t2.TDelete({row: B('r')})]), []);
  assert.deepEqual(await c1.getRow(t, 'r', {}), []);

  r = await c2.increment(t, new t2.TIncrement({row: B('c'), columns: [
    new t2.TColumnIncrement({family: B('f'), qualifier: B('n'), amount: new Int64(5)})]}));
  assert.deepEqual([...r.columnValues[0].value], [0, 0, 0, 0, 0, 0, 0, 5]);
  assert.equal(n(await c1.atomicIncrement(t, 'c', 'f:n', new Int64(1))), 6);
  r = await c2.append(t, new t2.TAppend({row: B('s'), columns: [cv('f', 'a', 'ab')]}));
  r = await c2.append(t, new t2.TAppend({row: B('s'), columns: [cv('f', 'a', 'cd')]}));
  assert.equal(r.columnValues[0].value.toString(), 'abcd');

  // null: the value is not sent, HBase's "the cell does not exist".
  assert.equal(await c2.checkAndPut(t, B('k'), B('f'), B('a'), null,
                                    put('k', [cv('f', 'a', '1')])), true);
  assert.equal(await c2.checkAndPut(t, B('k'), B('f'), B('a'), null,
                                    put('k', [cv('f', 'a', '2')])), false);
  assert.equal(await c2.checkAndDelete(t, B('k'), B('f'), B('a'), B('1'),
                                       new t2.TDelete({row: B('k')})), true);
  assert.deepEqual(await c1.getRow(t, 'k', {}), []);
  const rm = new t2.TRowMutations({row: B('k'), mutations: [
    new t2.TMutation({put: put('k', [cv('f', 'x', 'X', 10)])}),
  ]});
  assert.equal(await c2.checkAndMutate(t, B('k'), B('f'), B('a'),
                                       t2.TCompareOperator.EQUAL, null, rm), true);
  await c2.mutateRow(t, new t2.TRowMutations({row: B('k'), mutations: [
    new t2.TMutation({put: put('k', [cv('g', 'y', 'Y', 11)])}),
    new t2.TMutation({deleteSingle: new t2.TDelete({
      row: B('k'), columns: [new t2.TColumn({family: B('f')})],
      deleteType: t2.TDeleteType.DELETE_FAMILY})}),
  ]}));
  const row1 = await c1.getRow(t, 'k', {});
  assert.deepEqual(Object.keys(row1[0].columns), ['g:y']);
  await assert.rejects(
    c2.put(t, put('', [cv('f', 'a', 'x')])),
    (e) => e instanceof t2.TIOError && e.message === 'put: tput.row: must not be empty');
});

test('scanners and regions', async () => {
  const t = await fresh('node2_scan');
  for (const row of ['a', 'b', 'c']) {
    await c2.put(t, put(row, [cv('f', '1', 'x', 1), cv('f', '2', 'y', 1)]));
  }
  const id = await c2.openScanner(t, new t2.TScan({startRow: B('b')}));
  let rows = await c2.getScannerRows(id, 10);
  assert.deepEqual(rows.map((x) => x.row.toString()), ['b', 'c']);
  await c2.closeScanner(id);
  await assert.rejects(c2.getScannerRows(id, 1), (e) => e instanceof t2.TIllegalArgument);
  rows = await c2.getScannerResults(t, new t2.TScan({batchSize: 1, stopRow: B('b')}), 10);
  assert.deepEqual(rows.map((x) => [x.row.toString(), x.partial]), [['a', true], ['a', false]]);
  const id1 = await c1.scannerOpen(t, '', [], {});
  const rows1 = await c1.scannerGetList(id1, 10);
  assert.equal(rows1.length, 3);
  await c1.scannerClose(id1);
  const regions = await c2.getAllRegionLocations(B('thrift_regions'));
  assert.deepEqual(regions.map((l) => [l.regionInfo.startKey.toString(),
                                       l.regionInfo.endKey.toString()]),
                   [['', 'g'], ['g', 'p'], ['p', '']]);
  const loc = await c2.getRegionLocation(B('thrift_regions'), B('h'), false);
  assert.equal(n(loc.regionInfo.regionId), 1);
});

test('table and namespace admin, the server', async () => {
  const t = await fresh('node2_admin', [new t2.TColumnFamilyDescriptor({
    name: B('f'), maxVersions: 2, timeToLive: 60})]);
  const tn = new t2.TTableName({qualifier: B(t)});
  let d = await c2.getTableDescriptor(tn);
  assert.deepEqual([d.columns[0].maxVersions, d.columns[0].timeToLive], [2, 60]);
  const cols1 = await c1.getColumnDescriptors(t);
  assert.equal(cols1['f:'].maxVersions, 2);
  await c2.addColumnFamily(tn, new t2.TColumnFamilyDescriptor({name: B('h')}));
  await c2.modifyColumnFamily(tn, new t2.TColumnFamilyDescriptor({name: B('h'), maxVersions: 4}));
  d = await c2.getTableDescriptor(tn);
  assert.deepEqual(d.columns.map((x) => [x.name.toString(), x.maxVersions]), [['f', 2], ['h', 4]]);
  await c2.deleteColumnFamily(tn, B('h'));
  await c2.modifyTable(new t2.TTableDescriptor({tableName: tn, columns: [
    new t2.TColumnFamilyDescriptor({name: B('f')})]}));
  assert.equal((await c2.getTableDescriptors([tn])).length, 1);
  assert.ok((await c2.getTableNamesByPattern('node2_.*', false))
    .some((x) => x.qualifier.toString() === t));
  assert.ok((await c2.getTableDescriptorsByPattern(t, false)).length === 1);
  assert.ok((await c2.getTableNamesByNamespace('default')).length >= 1);
  assert.ok((await c2.getTableDescriptorsByNamespace('default')).length >= 1);
  await c2.disableTable(tn);
  assert.equal(await c2.isTableDisabled(tn), true);
  assert.equal(await c2.isTableAvailable(tn), false);
  await c2.truncateTable(tn, true);
  assert.equal(await c2.isTableEnabled(tn), true);
  assert.equal(await c2.isTableAvailableWithSplit(tn, []), true);
  await c2.disableTable(tn);
  await c2.deleteTable(tn);
  assert.equal(await c2.tableExists(tn), false);

  const ns = 'node2ns';
  if ((await c2.listNamespaces()).includes(ns)) await c2.deleteNamespace(ns);
  await c2.createNamespace(new t2.TNamespaceDescriptor({name: ns, configuration: {a: '1'}}));
  await c2.modifyNamespace(new t2.TNamespaceDescriptor({name: ns, configuration: {b: '2'}}));
  assert.deepEqual((await c2.getNamespaceDescriptor(ns)).configuration, {b: '2'});
  assert.ok((await c2.listNamespaceDescriptors()).some((x) => x.name === ns));
  await c2.deleteNamespace(ns);
  assert.ok(!(await c2.listNamespaces()).includes(ns));

  assert.equal(await c2.getThriftServerType(), t2.TThriftServerType.TWO);
  assert.equal(await c2.getClusterId(), await c1.getClusterId());
  assert.deepEqual(await c2.getSlowLogResponses([], new t2.TLogQueryFilter()), []);
  assert.deepEqual(await c2.clearSlowLogResponses([]), [true]);
  const ace = new t2.TAccessControlEntity({username: 'u', scope: 0, actions: 'R'});
  await assert.rejects(c2.grant(ace), (e) => e instanceof t2.TIOError);
  await assert.rejects(c2.revoke(ace), (e) => e instanceof t2.TIOError);
  assert.ok(t1.TThriftServerType.ONE === await c1.getThriftServerType());
});
