// Copyright (c) obkvlite authors.
//
// Drives `obkv rest start` over HTTPS with credentials from Node with
// node-hbase 0.6.1 (npm's `hbase`, a published HBase REST client, as
// tests/server/rest/node's lockfile pins it): a certificate made here with
// openssl, HTTP basic credentials and a bearer token from an --auth-file
// (node-hbase sends any header it is given), a table's whole life with
// exact cells, and the refusals: no credentials, a wrong password, plain
// HTTP on the TLS port.
//
//   node rest_node_tls_test.js OBKV WORKDIR
//
// Runs with node:test; every request has a timeout and the whole run a
// watchdog, so a hung gateway fails the test instead of stalling CI.

'use strict';

const assert = require('node:assert/strict');
const {execFileSync, spawn} = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const test = require('node:test');
const hbase = require('hbase');

const [obkv, workdir] = process.argv.slice(2);

const watchdog = setTimeout(() => {
  console.error('rest_node_tls_test: watchdog: no end after 120 s');
  process.exit(2);
}, 120000);
watchdog.unref();

fs.rmSync(workdir, {recursive: true, force: true});
fs.mkdirSync(workdir, {recursive: true});
const cert = path.join(workdir, 'server.crt');
const key = path.join(workdir, 'server.key');
const auth = path.join(workdir, 'auth');
execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes',
                         '-keyout', key, '-out', cert, '-days', '1',
                         '-subj', '/CN=127.0.0.1'], {stdio: 'ignore'});
fs.writeFileSync(auth, '# the team\nbasic alice:s3cret\ntoken t0ken\n',
                 {mode: 0o600});

// The gateway: its port from the line it prints once it listens, its log
// (stderr) kept for the checks.
let gateway;
let log = '';
const started = new Promise((resolve, reject) => {
  gateway = spawn(obkv, ['--store', path.join(workdir, 'store.db'), 'rest',
                         'start', '-p', '0', '--tls-cert', cert, '--tls-key',
                         key, '--auth-file', auth]);
  let out = '';
  gateway.stdout.on('data', (d) => {
    out += d;
    const m = /listening on https:\/\/127\.0\.0\.1:(\d+) /.exec(out);
    if (m) resolve(Number(m[1]));
  });
  gateway.stderr.on('data', (d) => { log += d; });
  gateway.on('exit', (code) => reject(new Error('gateway exited: ' + code)));
});

function client(port, extra) {
  return hbase(Object.assign(
      {protocol: 'https', host: '127.0.0.1', port, timeout: 20000}, extra));
}

const basic = (user, password) => ({
  headers: {Authorization: 'Basic ' +
            Buffer.from(user + ':' + password).toString('base64')},
});

// node-hbase's callbacks as a promise of their first value.
const call = (f) => new Promise((resolve, reject) => {
  f((err, value) => (err ? reject(err) : resolve(value)));
});

// The error a call fails with (an assertion if it succeeds).
async function failure(f) {
  try {
    await call(f);
  } catch (e) {
    return e;
  }
  assert.fail('expected the call to fail');
}

// A scan's cells; a row's (node-hbase leaves out their key).
const cellsOf = (cells) =>
  cells.map((c) => [c.key, c.column, c.$]).sort();
const columnsOf = (cells) => cells.map((c) => [c.column, c.$]).sort();

test('a table over HTTPS with basic credentials', async () => {
  const port = await started;
  const c = client(port, basic('alice', 's3cret'));
  const t = c.table('nodetls');
  await call((cb) => t.create({ColumnSchema: [{name: 'cf'}]}, cb));
  await call((cb) => t.row('r1').put('cf:a', 'v1', cb));
  await call((cb) => t.row('r2').put(['cf:a', 'cf:b'], ['v2', 'w2'], cb));
  assert.deepEqual(columnsOf(await call((cb) => t.row('r1').get('cf:a', cb))),
                   [['cf:a', 'v1']]);
  assert.deepEqual(
      cellsOf(await call((cb) => t.scan({startRow: 'r1', maxVersions: 1},
                                        cb))),
      [['r1', 'cf:a', 'v1'], ['r2', 'cf:a', 'v2'], ['r2', 'cf:b', 'w2']]);
  await call((cb) => t.row('r2').delete('cf:b', cb));
  assert.equal(await call((cb) => t.row('r2').exists('cf:b', cb)), false);
  assert.equal(await call((cb) => t.row('r2').exists('cf:a', cb)), true);
});

test('the bearer token is accepted too', async () => {
  const port = await started;
  const c = client(port, {headers: {Authorization: 'Bearer t0ken'}});
  const version = await call((cb) => c.version(cb));
  assert.equal(version.REST, '0.0.3');
  assert.deepEqual(
      columnsOf(await call((cb) => c.table('nodetls').row('r2').get('cf', cb))),
      [['cf:a', 'v2']]);
});

test('refusals: no credentials, a wrong password, plain HTTP', async () => {
  const port = await started;
  let e = await failure((cb) => client(port).version(cb));
  assert.equal(e.code, 401);
  assert.match(e.body, /^Unauthorized: send HTTP basic credentials or a bearer token/);
  e = await failure(
      (cb) => client(port, basic('alice', 'guess')).version(cb));
  assert.equal(e.code, 401);
  assert.match(e.body, /wrong credentials for user 'alice'/);
  assert.doesNotMatch(e.body, /guess/);
  // Plain HTTP on the TLS port: no HTTP answer at all.
  e = await failure((cb) => hbase({protocol: 'http', host: '127.0.0.1', port,
                                   timeout: 20000}).version(cb));
  assert.equal(e.code === 401 || e.code === 400, false, String(e));
  // The gateway still serves, and its log names no secret.
  const c = client(port, basic('alice', 's3cret'));
  assert.deepEqual(
      columnsOf(await call((cb) => c.table('nodetls').row('r1').get('cf:a',
                                                                    cb))),
      [['cf:a', 'v1']]);
  assert.match(log, / WARN unauthorized client=127\.0\.0\.1:\d+: GET \/version 401/);
  assert.match(log, / WARN refused client=127\.0\.0\.1:\d+: TLS handshake failed/);
  assert.doesNotMatch(log, /s3cret|t0ken|guess/);
});

test('SIGTERM stops the gateway with 0', async () => {
  await started;
  const code = await new Promise((resolve) => {
    gateway.removeAllListeners('exit');
    gateway.on('exit', (c) => resolve(c));
    gateway.kill('SIGTERM');
  });
  assert.equal(code, 0);
});
