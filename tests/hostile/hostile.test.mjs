// Hostile input against a live `kibitz play` (issue 21: one request must never take Kibitz
// down). It starts the server on 127.0.0.1 with a temporary database (the binary: env KIBITZ,
// default build/kibitz) and sends it, as raw bytes over TCP (raw.mjs):
//   - malformed request lines: unknown and lower-case methods, a missing or unknown version
//     (HTTP/9.9, HTTP/2.0), extra fields, bare LF, NUL and control bytes, TLS bytes, a URI over
//     8 KiB and one of 1 MiB;
//   - paths and queries: %ff and other invalid or overlong UTF-8 (also in every API path and in
//     ?seat= / ?ply=), %00 (/index.html%00.txt), ../ and %2e%2e/ traversal, very long paths,
//     CR LF injection;
//   - headers: a huge header, 1 MiB of headers, 5000 headers, invalid UTF-8 in Host, Origin and
//     X-Kibitz-Token, bad Host values ([anything], duplicate, missing), bad Content-Length
//     (negative, huge, not a number, two of them), bad chunked encoding, bad Content-Encoding
//     and a gzip bomb, bad Range and multipart;
//   - bodies: broken JSON, invalid UTF-8, JSON nested 32000 deep, bodies over 64 KiB, and
//     every field of every API route (docs/api.md) with values of the wrong type, and with
//     strings of multi-byte characters;
//   - event-stream floods: 400 streams of chess and Othello games from one client;
//   - on a second server, at the same time as the rest: slowloris (a byte a second in the
//     request line, the headers, the body), an idle connection, bodies shorter than their
//     Content-Length, headers ended by bare LF, a request line without an end, Expect:
//     100-continue with a huge body, and bodies far over 64 KiB streamed without end.
// Every case asserts a 4xx reply (never 5xx; 421 for a bad Host or Origin; 414, 413 or 431
// where they apply; a closed connection only where a case says so: a request that cannot be
// parsed, or a slow one), a reply body that is valid UTF-8, and a JSON {"error": "..."} where
// the reply is JSON. A few cases whose request is valid HTTP (an unknown header holding
// invalid UTF-8) accept any status below 500. After each group the server still answers
// GET /api/games with 200 and has not exited; at the end neither server has exited or
// printed "terminate", a sanitizer report or "runtime error" on stderr.
//
//   KIBITZ=build/kibitz node --test tests/hostile/

import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';

import { Kibitz, healthy, judge, sleep } from './harness.mjs';
import { blast, bytes, exchange, isUtf8, request, show, trickle, utf8 } from './raw.mjs';

// --- the servers ---------------------------------------------------------------------------

const main = new Kibitz('main');
const slow = new Kibitz('slow');
// Games the cases address: {id, token} of a chess game against the engine (the person is
// white, so the engine is idle), a chess analysis board, an Othello game against the engine, and
// a spare chess game.
const games = {};
let slowResults = {};

// One JSON API call on the main server: {status, json}.
async function api(method, path, body, token) {
    const port = await main.live();
    const headers = token ? [['X-Kibitz-Token', token]] : [];
    const res = await exchange(port, request(method, path, { host: main.host, headers,
        body: body === undefined ? undefined : utf8(JSON.stringify(body)) }));
    return { status: res.status, json: res.body ? JSON.parse(res.body.toString('utf8')) : null };
}

async function createGames() {
    const make = async (path, body) => {
        const r = await api('POST', path, body);
        assert.equal(r.status, 201, `setup: POST ${path} ${JSON.stringify(body)}`);
        return { id: r.json.game.id, token: r.json.token };
    };
    games.chess = await make('/api/games', { mode: 'engine', color: 'white',
        level: { kind: 'depth', depth: 1 } });
    games.analysis = await make('/api/games', { mode: 'analysis' });
    games.othello = await make('/api/othello/games', { mode: 'engine', color: 'black',
        level: 1 });
    // For the routes without fields (take back, resign, hint): if a server ever acted on a
    // body it should refuse, it would end this game and not the one the other cases use.
    games.spare = await make('/api/games', { mode: 'engine', color: 'white',
        level: { kind: 'depth', depth: 1 } });
}

before(async () => {
    await main.start();
    await slow.start();
    await createGames();
    slowResults = startSlowCases();
});

after(async () => {
    await main.stop();
    await slow.stop();
});

// Sends case `c` (c.send(ctx) builds its bytes from {host, port, games}) to the main server.
async function runCase(c, t) {
    main.testName = t.name;
    const port = await main.live();
    const data = c.send({ host: main.host, port, games });
    const res = await exchange(port, data, { timeout: c.timeout ?? 10000, end: c.end });
    await judge(main, c, data, res);
}

// Called last in a describe(): a test that the main server did not die during the describe and
// still answers GET /api/games with 200 (within `timeout` ms).
function stillAnswers(timeout = 10000) {
    let deathsBefore = 0;
    before(() => { deathsBefore = main.deaths.length; });
    it('afterwards the server has not died and answers GET /api/games with 200', async () => {
        assert.deepEqual(main.deaths.slice(deathsBefore), [], 'the server died during this group');
        await healthy(main, timeout);
    });
}

// A describe() of `cases`, each one test, and then stillAnswers().
function group(title, cases) {
    describe(title, () => {
        for (const c of cases) it(c.name, { timeout: 30000 }, (t) => runCase(c, t));
        stillAnswers();
    });
}

const get = (target, opts = {}) => (ctx) => request('GET', target, { host: ctx.host, ...opts });
const post = (target, body, opts = {}) => (ctx) =>
    request('POST', target, { host: ctx.host, body, ...opts });

// --- the cases -----------------------------------------------------------------------------

group('controls: ordinary requests succeed (so that the refusals below mean something)', [
    { name: 'GET / is the page', send: get('/'), codes: [200],
        check: (res) => assert.match(res.headers['content-type'], /text\/html/) },
    { name: 'GET /api/games', send: get('/api/games'), codes: [200] },
    { name: 'Host [::1] is an IPv6 literal', send: (ctx) =>
        request('GET', '/api/games', { host: `[::1]:${ctx.port}` }), codes: [200] },
    { name: 'Host localhost', send: (ctx) =>
        request('GET', '/api/games', { host: `localhost:${ctx.port}` }), codes: [200] },
    { name: 'Origin of this server', send: (ctx) => request('GET', '/api/games',
        { host: ctx.host, headers: [['Origin', `http://${ctx.host}`]] }), codes: [200] },
    { name: 'POST /api/games {} creates a game', send: post('/api/games', '{}'), codes: [201] },
]);

const NUL = '\x00';
group('malformed request lines', [
    { name: 'unknown method FOO', send: (ctx) => request('FOO', '/', { host: ctx.host }) },
    { name: 'lower-case method', send: (ctx) => request('get', '/', { host: ctx.host }) },
    { name: 'method with byte 0xff', send: (ctx) => request('G\xffT', '/', { host: ctx.host }) },
    { name: 'method with NUL', send: (ctx) => request(`GET${NUL}`, '/', { host: ctx.host }) },
    { name: 'TRACE', send: (ctx) => request('TRACE', '/', { host: ctx.host }) },
    { name: 'CONNECT', send: (ctx) => request('CONNECT', '127.0.0.1:1', { host: ctx.host }) },
    { name: 'OPTIONS *', send: (ctx) => request('OPTIONS', '*', { host: ctx.host }) },
    { name: 'PATCH /api/games', send: (ctx) => request('PATCH', '/api/games',
        { host: ctx.host, body: '{}' }) },
    { name: 'DELETE /api/games', send: (ctx) => request('DELETE', '/api/games',
        { host: ctx.host }) },
    { name: 'POST /index.html', send: post('/index.html', '{}') },
    { name: 'no version', send: (ctx) => bytes(`GET /\r\nHost: ${ctx.host}\r\n\r\n`) },
    { name: 'only a method', send: () => bytes('GET\r\n\r\n') },
    { name: 'HTTP/9.9', send: get('/', { version: 'HTTP/9.9' }) },
    { name: 'HTTP/2.0 preface', send: () => bytes('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n') },
    { name: 'HTTP/1', send: get('/', { version: 'HTTP/1' }) },
    { name: 'lower-case version', send: get('/', { version: 'http/1.1' }) },
    { name: 'four fields', send: get('/ extra', {}) },
    { name: 'tabs instead of spaces', send: (ctx) =>
        bytes(`GET\t/\tHTTP/1.1\r\nHost: ${ctx.host}\r\nConnection: close\r\n\r\n`) },
    { name: 'leading space (any status below 500)', codes: 'not5xx', send: (ctx) =>
        bytes(` GET / HTTP/1.1\r\nHost: ${ctx.host}\r\nConnection: close\r\n\r\n`) },
    { name: 'empty request line', send: () => bytes('\r\n\r\n'), allowClose: true },
    { name: 'bare LF after the request line', send: () => bytes('GET / HTTP/1.1\n\n'),
        allowClose: true },
    { name: 'NUL inside the request line', send: (ctx) =>
        bytes(`GET /index.html${NUL} HTTP/1.1\r\nHost: ${ctx.host}\r\nConnection: close\r\n\r\n`) },
    { name: 'control bytes in the path', send: get('/\x01\x02\x1b[2J\x7f') },
    { name: 'TLS ClientHello', allowClose: true, end: true, send: () => bytes(
        '\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03', Buffer.alloc(32, 7), '\x00\r\n\r\n') },
    { name: '1 KiB of binary garbage', allowClose: true, end: true, send: () => {
        const b = Buffer.alloc(1024);
        for (let i = 0, x = 12345; i < b.length; i++) b[i] = (x = (x * 1103515245 + 12345)
            % 2147483648) >> 16 & 0xff;
        return bytes(b, '\r\n\r\n');
    } },
    { name: 'absolute URI of another site', send: get('http://evil.example/') },
    { name: 'URI of 9000 bytes', send: get(`/${'a'.repeat(9000)}`), codes: [414, 431] },
    { name: 'query of 20 KiB', send: get(`/api/games?${'a=b&'.repeat(5000)}`),
        codes: [414, 431] },
    { name: 'URI of 1 MiB', send: get(`/${'a'.repeat(1 << 20)}`), codes: [414, 431] },
]);

// Replies to traversal attempts must not be a file from outside web/.
const noLeak = (res, what) => {
    const text = res.body.toString('latin1');
    assert.ok(!/root:|"name":\s*"chessground"|cmake_minimum_required/.test(text),
        `the reply leaks a file\n  ${what()}`);
};

group('malformed paths and queries', [
    { name: '/%ff', send: get('/%ff') },
    { name: '/%FF/', send: get('/%FF/') },
    { name: 'raw byte 0xff in the path', send: get('/\xff') },
    { name: 'truncated UTF-8 /%c3', send: get('/%c3') },
    { name: 'bad continuation /%c3%28', send: get('/%c3%28') },
    { name: 'truncated 4-byte /%f0%9f%98', send: get('/%f0%9f%98') },
    { name: 'overlong slash /%c0%af', send: get('/%c0%af') },
    { name: 'overlong dots /%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd',
        send: get('/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd'), check: noLeak },
    { name: 'overlong 3-byte /%e0%80%af', send: get('/%e0%80%af') },
    { name: 'surrogate half /%ed%a0%80', send: get('/%ed%a0%80') },
    { name: '5-byte form /%f8%88%80%80%80', send: get('/%f8%88%80%80%80') },
    { name: 'bad percent escapes /%, /%g0, /%f', send: get('/%/%g0/%f') },
    { name: '2500 times %ff', send: get(`/${'%ff'.repeat(2500)}`) },
    { name: '/api/%ff', send: get('/api/%ff') },
    { name: '/api/games/%ff', send: get('/api/games/%ff') },
    { name: '/api/games/%ff/events', send: get('/api/games/%ff/events') },
    { name: 'POST /api/games/%ff/move', send: post('/api/games/%ff/move', '{"move":"e2e4"}') },
    { name: 'DELETE /api/games/%ff', send: (ctx) => request('DELETE', '/api/games/%ff',
        { host: ctx.host }) },
    { name: '/api/games/<id>/%ff', send: (ctx) => request('GET',
        `/api/games/${ctx.games.chess.id}/%ff`, { host: ctx.host }) },
    { name: '/api/othello/%ff', send: get('/api/othello/%ff') },
    { name: '/api/othello/games/%ff', send: get('/api/othello/games/%ff') },
    { name: '/api/othello/games/%ff/events', send: get('/api/othello/games/%ff/events') },
    { name: '/api/othello/games/<id>/%ff', send: (ctx) => request('GET',
        `/api/othello/games/${ctx.games.othello.id}/%ff`, { host: ctx.host }) },
    { name: '/vendor/chessground/%ff', send: get('/vendor/chessground/%ff') },
    { name: '/vendor/chessground/assets/%ff', send: get('/vendor/chessground/assets/%ff') },
    { name: '/index.html%00.txt', send: get('/index.html%00.txt') },
    { name: '/index.html%00', send: get('/index.html%00') },
    { name: '/%00', send: get('/%00') },
    { name: '/api/games/%00', send: get('/api/games/%00') },
    { name: '/../../../../etc/passwd', send: get('/../../../../etc/passwd'), check: noLeak },
    { name: '/%2e%2e/%2e%2e/%2e%2e/etc/passwd', send: get('/%2e%2e/%2e%2e/%2e%2e/etc/passwd'),
        check: noLeak },
    { name: '/%2e%2e%2f%2e%2e%2fetc%2fpasswd', send: get('/%2e%2e%2f%2e%2e%2fetc%2fpasswd'),
        check: noLeak },
    { name: '/..%2f..%2f..%2fCMakeLists.txt', send: get('/..%2f..%2f..%2fCMakeLists.txt'),
        check: noLeak },
    { name: '/%252e%252e/CMakeLists.txt (double encoding)',
        send: get('/%252e%252e/CMakeLists.txt'), check: noLeak },
    { name: '/..\\..\\CMakeLists.txt', send: get('/..\\..\\CMakeLists.txt'), check: noLeak },
    { name: '/vendor/chessground/../package.json', send: get('/vendor/chessground/../package.json'),
        check: noLeak },
    { name: '/vendor/chessground/%2e%2e/package.json',
        send: get('/vendor/chessground/%2e%2e/package.json'), check: noLeak },
    { name: '/vendor/chessground/assets/../../../../../etc/passwd',
        send: get('/vendor/chessground/assets/../../../../../etc/passwd'), check: noLeak },
    { name: 'path of 8000 bytes', send: get(`/${'a'.repeat(8000)}`) },
    { name: 'API path of 8000 bytes', send: get(`/api/games/${'a'.repeat(8000)}`) },
    { name: '4000 path segments', send: get(`/${'a/'.repeat(4000)}`) },
    { name: 'CR LF injected into the path', send: get('/%0d%0aSet-Cookie:%20x=1'),
        check: (res, what) => assert.ok(!/\r\nSet-Cookie: x=1/i.test(
            res.raw.toString('latin1').split('\r\n\r\n')[0]), `header injected\n  ${what()}`) },
    { name: '?seat=%ff on a chess game', send: (ctx) => request('GET',
        `/api/games/${ctx.games.chess.id}?seat=%ff`, { host: ctx.host }) },
    { name: '?seat=%00 on a chess game', send: (ctx) => request('GET',
        `/api/games/${ctx.games.chess.id}?seat=%00`, { host: ctx.host }) },
    { name: '?seat=%ff on an Othello game', send: (ctx) => request('GET',
        `/api/othello/games/${ctx.games.othello.id}?seat=%ff`, { host: ctx.host }) },
    ...['%ff', '-1', 'x', '99999999999999999999999', '1e3', '0x1', '%00', '1%ff',
        '18446744073709551615']
        .flatMap((ply) => ['legal', 'knowledge'].map((what) => ({
            name: `/${what}?ply=${ply}`,
            send: (ctx) => request('GET', `/api/games/${ctx.games.analysis.id}/${what}?ply=${ply}`,
                { host: ctx.host }),
        }))),
    { name: '?%ff=%ff on GET /api/games (an unknown parameter: any status below 500)',
        send: get('/api/games?%ff=%ff'), codes: 'not5xx' },
]);

// A POST to `path` with the header lines `headers` as they are (no Content-Length is added) and
// `body`.
const rawPost = (path, headers, body) => (ctx) =>
    bytes(`POST ${path} HTTP/1.1\r\nHost: ${ctx.host}\r\n` +
        `${headers.map((h) => `${h}\r\n`).join('')}` +
        'Connection: close\r\n\r\n', body);
// Kibitz refuses chunked request bodies (411: no browser sends one), or reads them strictly.
const chunked = (body) => rawPost('/api/games', ['Transfer-Encoding: chunked'], body);
// A Host or Origin of another site gets 421; one that is not even text (invalid UTF-8) may
// instead get 400, as a malformed header.
const hostCase = (name, host, codes = [421]) => ({ name: `Host: ${show(host)} (${name})`, codes,
    send: (ctx) => request('GET', '/api/games', { host: host.replace('PORT', ctx.port) }) });
const originCase = (origin, codes = [421]) => ({ name: `Origin: ${show(origin)}`, codes,
    send: (ctx) => request('GET', '/api/games', { host: ctx.host,
        headers: [['Origin', origin.replace('HOST', ctx.host)]] }) });

group('malformed headers', [
    { name: 'one header of 10 KB', codes: [400, 431],
        send: get('/api/games', { headers: [['X-Big', 'a'.repeat(10000)]] }) },
    { name: 'one header of 100 KB', codes: [400, 431],
        send: get('/api/games', { headers: [['X-Big', 'a'.repeat(100000)]] }) },
    { name: '256 headers of 4 KB (1 MiB)', codes: [400, 431], send: get('/api/games',
        { headers: Array.from({ length: 256 }, (_, i) => [`X-H-${i}`, 'v'.repeat(4000)]) }) },
    { name: '5000 headers', codes: [400, 431], send: get('/api/games',
        { headers: Array.from({ length: 5000 }, (_, i) => [`X-H-${i}`, 'v']) }) },
    hostCase('invalid UTF-8', '\xff', [400, 421]),
    hostCase('invalid UTF-8 after the address', '127.0.0.1:PORT\xff', [400, 421]),
    hostCase('invalid UTF-8 as the port', '127.0.0.1:\xff', [400, 421]),
    hostCase('invalid UTF-8 in brackets', '[\xff]', [400, 421]),
    hostCase('not an IPv6 literal', '[anything]'),
    hostCase('a name in brackets', '[evil.example]'),
    hostCase('a name in brackets with a port', '[evil.example]:PORT'),
    hostCase('empty brackets', '[]'),
    hostCase('an open bracket', '['),
    hostCase('unclosed IPv6', '[::1'),
    hostCase('junk after IPv6', '[::1]x'),
    hostCase('another site', 'evil.example'),
    hostCase('another site with the port', 'evil.example:PORT'),
    hostCase('an address as a subdomain', '127.0.0.1.evil.example'),
    hostCase('localhost as a subdomain', 'localhost.evil.example:PORT'),
    hostCase('NUL inside', `127.0.0.1${NUL}evil.example`, [400, 421]),
    hostCase('two hosts in one', '127.0.0.1:PORT, evil.example'),
    { name: 'no Host header', codes: [400, 421], send: get('/api/games', { host: null }) },
    { name: 'two Host headers, the second another site', codes: [400, 421],
        send: get('/api/games', { headers: [['Host', 'evil.example']] }) },
    originCase('\xff', [400, 421]),
    originCase('http://HOST\xff', [400, 421]),
    originCase('null'),
    originCase('http://evil.example'),
    originCase('http://HOST.evil.example'),
    originCase('https://evil.example'),
    { name: 'Origin: \\xff on POST /api/games', codes: [400, 421], send: post('/api/games', '{}',
        { headers: [['Origin', '\xff']] }) },
    { name: 'X-Kibitz-Token: \\xff on a move', codes: [400, 403], send: (ctx) => request('POST',
        `/api/games/${ctx.games.chess.id}/move`, { host: ctx.host, body: '{"move":"e2e4"}',
            headers: [['X-Kibitz-Token', '\xff']] }) },
    { name: 'X-Kibitz-Token: the token then \\xff', codes: [400, 403], send: (ctx) => request(
        'POST', `/api/games/${ctx.games.chess.id}/move`, { host: ctx.host, body: '{"move":"e2e4"}',
            headers: [['X-Kibitz-Token', `${ctx.games.chess.token}\xff`]] }) },
    { name: 'X-Kibitz-Token of 8000 bytes on a delete', codes: [403], send: (ctx) => request(
        'DELETE', `/api/games/${ctx.games.chess.id}`, { host: ctx.host,
            headers: [['X-Kibitz-Token', 'f'.repeat(8000)]] }) },
    { name: 'X-Kibitz-Token with NUL on an Othello move', codes: [400, 403], send: (ctx) => request(
        'POST', `/api/othello/games/${ctx.games.othello.id}/move`, { host: ctx.host,
            body: '{"move":"f5"}', headers: [['X-Kibitz-Token', `a${NUL}b`]] }) },
    ...[['User-Agent', '\xff\xfe'], ['Cookie', 'a=\xff'], ['Accept-Language', '\xc3\x28'],
        ['X-\xff', '1'], ['Content-Type', '\xff']].map(([name, value]) => ({
        name: `${show(name)}: ${show(value)} (not used by the server: any status below 500)`,
        codes: 'not5xx', send: get('/api/games', { headers: [[name, value]] }) })),
    { name: 'Content-Length: -1', codes: [400, 411, 413],
        send: rawPost('/api/games', ['Content-Length: -1'], '{}') },
    { name: 'Content-Length: 99999999999999999999999', codes: [400, 413],
        send: rawPost('/api/games', ['Content-Length: 99999999999999999999999'], '{}') },
    { name: 'Content-Length: 18446744073709551615', codes: [400, 413],
        send: rawPost('/api/games', ['Content-Length: 18446744073709551615'], '{}') },
    { name: 'Content-Length: abc', codes: [400],
        send: rawPost('/api/games', ['Content-Length: abc'], '{}') },
    { name: 'Content-Length: 0x2', codes: [400],
        send: rawPost('/api/games', ['Content-Length: 0x2'], '{}') },
    { name: 'Content-Length: +2', codes: [400],
        send: rawPost('/api/games', ['Content-Length: +2'], '{}') },
    { name: 'Content-Length: (empty)', codes: [400],
        send: rawPost('/api/games', ['Content-Length: '], '{}') },
    { name: 'two different Content-Lengths', codes: [400],
        send: rawPost('/api/games', ['Content-Length: 2', 'Content-Length: 17'],
            '{"mode":"engine"}') },
    { name: 'Content-Length shorter than the body', codes: [400],
        send: rawPost('/api/games', ['Content-Length: 2'], '{"mode":"engine"}') },
    { name: 'chunk size zz', codes: [400, 411], send: chunked('zz\r\n{}\r\n0\r\n\r\n') },
    { name: 'chunk size of 18 hex digits', codes: [400, 411, 413],
        send: chunked('ffffffffffffffffff\r\n{}\r\n0\r\n\r\n') },
    { name: 'chunk size -1', codes: [400, 411], send: chunked('-1\r\n{}\r\n0\r\n\r\n') },
    { name: 'chunk longer than its size', codes: [400, 411], send: chunked('2\r\n{}xx\r\n0\r\n\r\n') },
    { name: 'chunks without the last one, then the end of the stream', allowClose: true,
        end: true, send: chunked('2\r\n{}\r\n') },
    { name: 'chunked body of 128 KiB', codes: [411, 413], send: chunked(
        `10000\r\n${' '.repeat(65536)}\r\n10000\r\n${' '.repeat(65536)}\r\n0\r\n\r\n`) },
    { name: 'Content-Encoding: gzip that is not gzip', codes: [400, 415],
        send: post('/api/games', 'garbage', { headers: [['Content-Encoding', 'gzip']] }) },
    { name: 'Content-Encoding: br that is not brotli', codes: [400, 415],
        send: post('/api/games', 'garbage', { headers: [['Content-Encoding', 'br']] }) },
    { name: 'Content-Encoding: gzip bomb (20 KiB that unpack to 20 MiB)', codes: [400, 413, 415],
        send: post('/api/games', gzipSync(Buffer.alloc(20 << 20, 0x20)),
            { headers: [['Content-Encoding', 'gzip']] }) },
    { name: 'Content-Encoding: xyz', codes: [400, 415],
        send: post('/api/games', '{}', { headers: [['Content-Encoding', 'xyz']] }) },
    // A server may ignore a Range it cannot satisfy (200) or refuse it (416).
    { name: 'Range: bytes=abc', codes: [200, 400, 416],
        send: get('/index.html', { headers: [['Range', 'bytes=abc']] }) },
    { name: 'Range: bytes=99999999999-', codes: [200, 416],
        send: get('/index.html', { headers: [['Range', 'bytes=99999999999-']] }) },
    { name: 'multipart/form-data without a boundary', send: post('/api/games', 'garbage',
        { headers: [['Content-Type', 'multipart/form-data']] }) },
    { name: 'multipart/form-data with a broken body', send: post('/api/games', 'garbage\xff',
        { headers: [['Content-Type', 'multipart/form-data; boundary=x']] }) },
    { name: 'urlencoded body of 10 KB', send: post('/api/games', `a=${'b'.repeat(10000)}`,
        { headers: [['Content-Type', 'application/x-www-form-urlencoded']] }) },
]);

// The routes that take a body, with a token that holds the seat (so that a body that parses
// would be acted on): [name, path(ctx), token(ctx)].
const ROUTES = [
    ['POST /api/games', () => '/api/games', () => ''],
    ['POST move', (c) => `/api/games/${c.games.chess.id}/move`, (c) => c.games.chess.token],
    ['POST takeback', (c) => `/api/games/${c.games.spare.id}/takeback`,
        (c) => c.games.spare.token],
    ['POST resign', (c) => `/api/games/${c.games.spare.id}/resign`, (c) => c.games.spare.token],
    ['POST draw', (c) => `/api/games/${c.games.chess.id}/draw`, (c) => c.games.chess.token],
    ['POST hint', (c) => `/api/games/${c.games.spare.id}/hint`, (c) => c.games.spare.token],
    ['POST analysis', (c) => `/api/games/${c.games.analysis.id}/analysis`,
        (c) => c.games.analysis.token],
    ['POST review', (c) => `/api/games/${c.games.analysis.id}/review`,
        (c) => c.games.analysis.token],
    ['POST annotate', (c) => `/api/games/${c.games.analysis.id}/annotate`,
        (c) => c.games.analysis.token],
    ['POST /api/othello/games', () => '/api/othello/games', () => ''],
    ['POST othello move', (c) => `/api/othello/games/${c.games.othello.id}/move`,
        (c) => c.games.othello.token],
    ['POST othello takeback', (c) => `/api/othello/games/${c.games.othello.id}/takeback`,
        (c) => c.games.othello.token],
];
const BAD_BODIES = [
    ['{', 'unterminated JSON'],
    ['{"mode":"\xff"}', 'invalid UTF-8 in a string'],
    ['{"move":"e2\xe4"}', 'Latin-1 in a string'],
    ['{"\xff":1}', 'invalid UTF-8 in a key'],
    ['\xff\xfe{}', 'invalid UTF-8 before the object'],
    ['{"x":"\xed\xa0\x80"}', 'a UTF-8 surrogate half'],
    ['{"x":"\xc0\xaf"}', 'overlong UTF-8'],
    ['{"x":"\\ud800"}', 'an escaped lone surrogate'],
    [`{"x":1}${NUL}{"y":`, 'NUL and more JSON after the object'],
    ['{"x":1e99999}', 'a number out of range'],
    ['{"x":NaN}', 'NaN'],
    ['/*c*/{}', 'a comment'],
    ['{"x":1,}', 'a trailing comma'],
];

describe('malformed bodies on every route', () => {
    for (const [route, path, token] of ROUTES) {
        for (const [body, what] of BAD_BODIES)
            it(`${route}: ${what}`, (t) => runCase({ codes: [400], send: (ctx) => request('POST',
                path(ctx), { host: ctx.host, body, headers: token(ctx)
                    ? [['X-Kibitz-Token', token(ctx)]] : [] }) }, t));
    }
    stillAnswers();
});

group('puzzle routes: bad ids and parameters', [
    { name: '/api/puzzles/%ff', send: get('/api/puzzles/%ff') },
    { name: 'rating %ff', send: get('/api/puzzles/next?rating=%ff') },
    { name: 'rating 1e999', send: get('/api/puzzles/next?rating=1e999') },
    { name: 'rating -0', send: get('/api/puzzles/next?rating=-0') },
    { name: 'rating of 4000 digits', send: get(`/api/puzzles/next?rating=${'9'.repeat(4000)}`) },
    { name: '2001 excluded ids', send: get(`/api/puzzles/next?exclude=${'ab,'.repeat(2000)}ab`) },
    { name: 'excluded ids %00', send: get('/api/puzzles/next?exclude=ab%00cd') },
    { name: 'an id of 5000 letters', send: get(`/api/puzzles/${'a'.repeat(5000)}/explain`) },
    { name: 'POST /api/puzzles/next', send: post('/api/puzzles/next', '{}'), codes: [405] },
    { name: '/api/puzzles/../games', send: get('/api/puzzles/../games'), codes: 'not5xx' },
]);

describe('puzzle explanations asked for all at once', () => {
    it('each is answered, or refused with 503 while the server is busy', { timeout: 60000 },
        async () => {
            const ids = new Set();
            for (let i = 0; i < 40 && ids.size < 12; ++i) {
                const r = await api('GET', `/api/puzzles/next?rating=${1000 + 100 * i}`);
                assert.equal(r.status, 200, JSON.stringify(r.json));
                ids.add(r.json.id);
            }
            const replies = await Promise.all([...ids].map((id) =>
                api('GET', `/api/puzzles/${id}/explain`)));
            for (const r of replies) {
                assert.ok(r.status === 200 || r.status === 503, `status ${r.status}`);
                assert.equal(typeof (r.status === 200 ? r.json.text : r.json.error), 'string');
            }
        });
    stillAnswers();
});

const nest = (n) => '['.repeat(n) + ']'.repeat(n);
const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
group('explain and eval routes: bad bodies and parameters', [
    { name: 'GET /api/eval without fen', send: get('/api/eval'), codes: [400] },
    { name: 'GET /api/eval?fen=%ff', send: get('/api/eval?fen=%ff'), codes: [400] },
    { name: 'GET /api/eval?fen=%00', send: get('/api/eval?fen=%00'), codes: [400] },
    { name: 'a FEN of 5000 letters', send: get(`/api/eval?fen=${'p'.repeat(5000)}`), codes: [400] },
    { name: 'a FEN with 40 kings', codes: [400],
        send: get(`/api/eval?fen=${encodeURIComponent('KKKKKKKK/'.repeat(5) + '8/8/8 w - - 0 1')}`) },
    { name: 'POST /api/eval', send: post('/api/eval', '{}'), codes: [405] },
    { name: 'GET /api/explain', send: get('/api/explain'), codes: [405] },
    { name: 'explain: an empty body', send: post('/api/explain', ''), codes: [400] },
    { name: 'explain: fen nested 32000 deep', codes: [400],
        send: post('/api/explain', `{"fen":${nest(32000)},"move":"e4"}`) },
    { name: 'explain: a move of 5000 letters', codes: [400],
        send: post('/api/explain', JSON.stringify({ fen: START_FEN, move: 'N'.repeat(5000) })) },
    { name: 'explain: previous %ff', codes: [400],
        send: post('/api/explain', `{"fen":"${START_FEN}","previous":"\\udcff","move":"e4"}`) },
]);

describe('explanations asked for all at once', () => {
    it('each is answered, or refused with 503 while the server is busy', { timeout: 60000 },
        async () => {
            const moves = ['e4', 'd4', 'c4', 'Nf3', 'g3', 'b3', 'f4', 'Nc3', 'e3', 'd3', 'a4', 'h4'];
            const replies = await Promise.all(moves.map((move) =>
                api('POST', '/api/explain', { fen: START_FEN, move })));
            for (const r of replies) {
                assert.ok(r.status === 200 || r.status === 503, `status ${r.status}`);
                assert.equal(typeof (r.status === 200 ? r.json.text : r.json.error), 'string');
            }
            assert.ok(replies.some((r) => r.status === 200), 'at least one is answered');
        });
    stillAnswers();
});

group('nested and oversized bodies', [
    { name: 'an array nested 32000 deep', codes: [400], send: post('/api/games', nest(32000)) },
    { name: 'an object nested 12000 deep', codes: [400, 413],
        send: post('/api/games', `${'{"a":'.repeat(12000)}1${'}'.repeat(12000)}`) },
    { name: '64000 unclosed [', codes: [400], send: post('/api/games', '['.repeat(64000)) },
    ...['mode', 'color', 'level', 'start', 'text'].map((field) => ({
        name: `Othello '${field}' nested 32000 deep`, codes: [400],
        send: post('/api/othello/games', `{"${field}":${nest(32000)}}`) })),
    ...['mode', 'color', 'level', 'clock', 'fen', 'pgn', 'chess960'].map((field) => ({
        name: `chess '${field}' nested 32000 deep`, codes: [400],
        send: post('/api/games', `{"${field}":${nest(32000)}}`) })),
    { name: 'a move nested 32000 deep', codes: [400], send: (ctx) => request('POST',
        `/api/games/${ctx.games.chess.id}/move`, { host: ctx.host, body: `{"move":${nest(32000)}}`,
            headers: [['X-Kibitz-Token', ctx.games.chess.token]] }) },
    { name: 'a body of 100 KiB', codes: [413],
        send: post('/api/games', `{"pgn":"${'a'.repeat(100 << 10)}"}`) },
    { name: 'a body of 1 MiB', codes: [413], send: post('/api/games', ' '.repeat(1 << 20)) },
    { name: 'a body of 100 KiB to an Othello move', codes: [413], send: (ctx) => request('POST',
        `/api/othello/games/${ctx.games.othello.id}/move`, { host: ctx.host,
            body: ' '.repeat(100 << 10),
            headers: [['X-Kibitz-Token', ctx.games.othello.token]] }) },
]);

// --- every field of every route, with values of the wrong type -------------------------------

// JSON texts of values of every type, and numbers at the edges.
const WRONG = ['null', 'true', 'false', '0', '-1', '1.5', '1e300', '18446744073709551616',
    '-9223372036854775809', '9223372036854775807', '""', '"x"', '"\\u0000"', '[]', '[1]', '{}',
    '{"a":1}'];
// [route, field, body(value), values that are valid (skipped)]. Bodies go to the games made in
// setup, with their token.
const FIELDS = [
    ['POST /api/games', 'the whole body', (v) => v, ['{}', '{"a":1}']],
    ['POST /api/games', 'mode', (v) => `{"mode":${v}}`, []],
    ['POST /api/games', 'color', (v) => `{"color":${v}}`, []],
    ['POST /api/games', 'level', (v) => `{"level":${v}}`, []],
    ['POST /api/games', 'level.kind', (v) => `{"level":{"kind":${v}}}`, []],
    ['POST /api/games', 'level.elo', (v) => `{"level":{"kind":"elo","elo":${v}}}`, []],
    ['POST /api/games', 'level.ms', (v) => `{"level":{"kind":"movetime","ms":${v}}}`, []],
    ['POST /api/games', 'level.depth', (v) => `{"level":{"kind":"depth","depth":${v}}}`, []],
    ['POST /api/games', 'clock', (v) => `{"clock":${v}}`, ['null']],
    ['POST /api/games', 'clock.initial', (v) => `{"clock":{"initial":${v}}}`, []],
    ['POST /api/games', 'clock.increment',
        (v) => `{"clock":{"initial":60000,"increment":${v}}}`, ['0']],
    ['POST /api/games', 'fen', (v) => `{"fen":${v}}`, ['null']],
    ['POST /api/games', 'pgn', (v) => `{"pgn":${v}}`, ['null']],
    ['POST /api/games', 'ply', (v) => `{"pgn":"1. e4 e5","ply":${v}}`, ['0']],
    ['POST /api/games', 'chess960', (v) => `{"chess960":${v}}`, ['true', 'false']],
    ['POST /api/games', 'from', (v) => `{"from":${v}}`, ['null']],
    ['POST /api/games', 'from.game', (v) => `{"from":{"game":${v}}}`, []],
    ['POST move', 'the whole body', (v) => v, []],
    ['POST move', 'move', (v) => `{"move":${v}}`, []],
    ['POST move (analysis board)', 'ply', (v) => `{"move":"e2e4","ply":${v}}`, ['0']],
    ['POST move (analysis board)', 'node', (v) => `{"move":"e2e4","node":${v}}`, ['0']],
    ['POST annotate', 'the whole body', (v) => v, []],
    ['POST annotate', 'node', (v) => `{"node":${v},"action":"comment","text":"x"}`, ['0']],
    ['POST annotate', 'action', (v) => `{"node":0,"action":${v}}`, []],
    ['POST annotate', 'text', (v) => `{"node":0,"action":"comment","text":${v}}`,
        ['""', '"x"', '"\\u0000"']],
    ['POST annotate', 'before', (v) => `{"node":0,"action":"comment","text":"x","before":${v}}`,
        ['false']],
    ['POST annotate', 'nag', (v) => `{"node":0,"action":"nag","nag":${v}}`, []],
    ['POST annotate', 'to_mainline', (v) => `{"node":0,"action":"promote","to_mainline":${v}}`,
        ['true', 'false']],
    ['POST annotate', 'delete of an unknown node', (v) => `{"node":${v},"action":"delete"}`, []],
    ['POST draw', 'action', (v) => `{"action":${v}}`, []],
    ['POST analysis', 'on', (v) => `{"on":${v}}`, ['true', 'false']],
    ['POST analysis', 'threat', (v) => `{"threat":${v}}`, ['true', 'false']],
    ['POST analysis', 'multipv', (v) => `{"multipv":${v}}`, []],
    ['POST analysis', 'ply', (v) => `{"ply":${v}}`, ['0']],
    ['POST analysis', 'node', (v) => `{"node":${v}}`, ['0']],
    ['POST review', 'movetime', (v) => `{"movetime":${v}}`, []],
    ['POST /api/othello/games', 'the whole body', (v) => v, ['{}', '{"a":1}']],
    ['POST /api/othello/games', 'mode', (v) => `{"mode":${v}}`, []],
    ['POST /api/othello/games', 'color', (v) => `{"color":${v}}`, []],
    ['POST /api/othello/games', 'level', (v) => `{"level":${v}}`, []],
    ['POST /api/othello/games', 'start', (v) => `{"start":${v}}`, ['null']],
    ['POST /api/othello/games', 'text', (v) => `{"text":${v}}`, ['null', '""']],
    ['POST othello move', 'the whole body', (v) => v, []],
    ['POST othello move', 'move', (v) => `{"move":${v}}`, []],
];
const ROUTE_OF = {
    'POST move (analysis board)': [(c) => `/api/games/${c.games.analysis.id}/move`,
        (c) => c.games.analysis.token],
    ...Object.fromEntries(ROUTES.map(([name, path, token]) => [name, [path, token]])),
};

// Runs `bodies` (JSON texts) on one route and asserts a 4xx for each; one failure message lists
// every body that failed.
async function fieldCases(t, route, bodies) {
    const [path, token] = ROUTE_OF[route];
    const failures = [];
    for (const body of bodies) {
        try {
            await runCase({ send: (ctx) => request('POST', path(ctx), { host: ctx.host,
                body: Buffer.isBuffer(body) ? body : utf8(body),
                headers: token(ctx) ? [['X-Kibitz-Token', token(ctx)]] : [] }) }, t);
        } catch (e) {
            failures.push(e.message);
        }
    }
    assert.deepEqual(failures, [], `${failures.length} of ${bodies.length} bodies failed`);
}

describe('every field of every route with values of the wrong type', () => {
    for (const [route, field, body, valid] of FIELDS)
        it(`${route}: ${field}`, { timeout: 60000 }, (t) => fieldCases(t, route,
            WRONG.filter((v) => !valid.includes(v)).map(body)));
    stillAnswers();
});

// Strings of multi-byte characters, at lengths that put a character across any cut an error
// message might make, in every string field: the reply must still be valid UTF-8.
const MULTIBYTE = ['é', 'é'.repeat(100), `a${'é'.repeat(100)}`, '€'.repeat(100),
    `${'a€'.repeat(50)}€`, '😀'.repeat(100), 'ab😀'.repeat(40), '\u2028\u2029',
    `${'\ufffd'.repeat(30)}x`];
const STRING_FIELDS = [
    ['POST /api/games', 'mode', (v) => ({ mode: v })],
    ['POST /api/games', 'color', (v) => ({ color: v })],
    ['POST /api/games', 'level.kind', (v) => ({ level: { kind: v } })],
    ['POST /api/games', 'fen', (v) => ({ fen: v })],
    ['POST /api/games', 'fen (after a real start)', (v) => ({
        fen: `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR ${v}` })],
    ['POST /api/games', 'pgn', (v) => ({ pgn: v })],
    ['POST /api/games', 'pgn (a tag)', (v) => ({ pgn: `[Event "${v}"]\n\n1. e4 ${v}` })],
    ['POST move', 'move', (v) => ({ move: v })],
    ['POST move', 'move (after a real move)', (v) => ({ move: `e2e4${v}` })],
    ['POST draw', 'action', (v) => ({ action: v })],
    ['POST annotate', 'action', (v) => ({ node: 0, action: v })],
    ['POST annotate', 'node (a string)', (v) => ({ node: v, action: 'delete' })],
    ['POST /api/othello/games', 'mode', (v) => ({ mode: v })],
    ['POST /api/othello/games', 'color', (v) => ({ color: v })],
    ['POST /api/othello/games', 'start', (v) => ({ start: v })],
    ['POST /api/othello/games', 'text', (v) => ({ text: v })],
    ['POST /api/othello/games', 'text (after a real move)', (v) => ({ text: `f5 ${v}` })],
    ['POST othello move', 'move', (v) => ({ move: v })],
];

describe('every string field with multi-byte characters', () => {
    for (const [route, field, body] of STRING_FIELDS)
        it(`${route}: ${field}`, { timeout: 60000 }, (t) => fieldCases(t, route,
            MULTIBYTE.map((v) => JSON.stringify(body(v)))));
    it('?seat= and ?ply= with multi-byte characters', async (t) => {
        const failures = [];
        for (const v of MULTIBYTE) {
            const q = encodeURIComponent(v);
            for (const target of [(c) => `/api/games/${c.games.chess.id}?seat=${q}`,
                (c) => `/api/othello/games/${c.games.othello.id}?seat=${q}`,
                (c) => `/api/games/${c.games.analysis.id}/legal?ply=${q}`,
                (c) => `/api/games/${c.games.analysis.id}/knowledge?ply=${q}`,
                () => `/api/games/${q}`, () => `/${q}`]) {
                try {
                    await runCase({ send: (ctx) => request('GET', target(ctx),
                        { host: ctx.host }) }, t);
                } catch (e) {
                    failures.push(e.message);
                }
            }
        }
        assert.deepEqual(failures, []);
    });
    stillAnswers();
});

// --- event-stream floods -------------------------------------------------------------------

describe('a flood of event streams from one client', () => {
    it('400 streams: extra ones are refused (429/503) and the server keeps answering',
        { timeout: 60000 }, async (t) => {
            main.testName = t.name;
            const port = await main.live();
            const host = main.host;
            const attempts = [];
            for (let i = 0; i < 400; i++) {
                const path = i % 4 === 3 ? `/api/othello/games/${games.othello.id}/events`
                    : `/api/games/${games.chess.id}/events`;
                attempts.push(exchange(port, request('GET', path, { host, close: false }),
                    { timeout: 8000, headOnly: true }));
                await sleep(2);  // the listen backlog is short: do not drop connects
            }
            const results = await Promise.all(attempts);
            try {
                const quick = async (target) => {
                    const started = performance.now();
                    const r = await exchange(port, request('GET', target, { host }),
                        { timeout: 3000 });
                    return { status: r.status, ms: Math.round(performance.now() - started) };
                };
                const normal = [await quick('/api/games'), await quick('/'),
                    await quick('/api/othello/games')];
                const open = results.filter((r) => r.status === 200 &&
                    /event-stream/.test(r.headers['content-type'] ?? ''));
                const refused = results.filter((r) => r.status === 429 || r.status === 503);
                const silent = results.filter((r) => r.status === undefined);
                const other = results.filter((r) => !open.includes(r) && !refused.includes(r) &&
                    !silent.includes(r));
                const summary = `${open.length} open, ${refused.length} refused, ${silent.length
                } without a reply in 8 s, ${other.length} other; while open: GET /api/games ${
                    JSON.stringify(normal[0])}, GET / ${JSON.stringify(normal[1])}, ` +
                    `GET /api/othello/games ${JSON.stringify(normal[2])}`;
                t.diagnostic(summary);
                assert.equal(silent.length, 0, `streams without a reply: ${summary}`);
                assert.deepEqual(other.map((r) => show(r.raw, 200)), [], summary);
                assert.ok(refused.length > 0, `no stream was refused: ${summary}`);
                for (const r of refused) {
                    assert.ok(isUtf8(r.body));
                    assert.equal(typeof JSON.parse(r.body.toString('utf8')).error, 'string');
                }
                for (const n of normal)
                    assert.ok(n.status === 200 && n.ms < 2000,
                        `a normal request while the streams are open: ${summary}`);
            } finally {
                for (const r of results) r.socket?.destroy();
            }
        });
    stillAnswers(15000);
});

// --- slow and oversized requests, on the second server, from the start ----------------------

// What a slow connection (trickle()) must see: closed by the server within `limit` ms, and any
// reply a 4xx.
const closedWithin = (limit) => (r) => {
    assert.ok(r.closed, `the server kept the connection open for ${Math.round(r.ms / 1000)
    } s after ${r.sent} slow bytes`);
    assert.ok(r.ms <= limit, `closed only after ${Math.round(r.ms)} ms`);
    if (r.reply.length) {
        const status = Number(r.reply.toString('latin1').match(/^HTTP\/1\.[01] (\d{3})/)?.[1]);
        assert.ok(status >= 400 && status < 500, `reply: ${show(r.reply, 300)}`);
    }
};
// What an oversized body (blast()) must see: a refusal before all of it was sent.
const cutOff = (codes) => (r) => {
    assert.ok(codes.includes(r.status) || (r.status === undefined && r.closed),
        `reply ${r.status === undefined ? 'none' : show(r.reply, 300)}`);
    assert.ok(r.sent < r.total, `the server read all ${r.total} bytes first`);
};
// A request that must get one of `codes` (default 4xx), or a close, within 20 s.
const replyOrClose = (data, codes) => ({
    start: (port) => exchange(port, bytes(data), { timeout: 20000 }),
    verdict: (res) => judge(slow, { codes, allowClose: true }, bytes(data), res),
});
const SLOW_LIMIT = 30000;
const slowly = (prefix, data) => ({
    start: (port) => trickle(port, bytes(data), { every: 1000, limit: SLOW_LIMIT + 2000,
        prefix: bytes(prefix) }),
    verdict: closedWithin(SLOW_LIMIT),
});
const post1 = (host, headers) => `POST /api/games HTTP/1.1\r\nHost: ${host}\r\n${headers}\r\n`;
// The slow cases: name -> (host) -> {start(port) -> promise of a result, verdict(result)}. They
// all start together on the second server before the first test, and are judged at the end.
const SLOW = {
    'slowloris: a header byte a second is cut off within 30 s': (host) => slowly(
        `GET /api/games HTTP/1.1\r\nHost: ${host}\r\n`, `X-Slow: ${'a'.repeat(60)}`),
    'slowloris: a request-line byte a second is cut off within 30 s': () => slowly('GET /',
        'a'.repeat(60)),
    'slowloris: a body byte a second is cut off within 30 s': (host) => slowly(
        post1(host, 'Content-Length: 1000\r\n'), ' '.repeat(60)),
    'an idle connection is closed within 30 s': () => slowly('', ''),
    'a body shorter than its Content-Length gets a 4xx or a close': (host) => replyOrClose(
        `${post1(host, 'Content-Length: 100\r\n')}{}`),
    'headers ended by bare LF get a 4xx or a close': (host) => replyOrClose(
        `GET /api/games HTTP/1.1\r\nHost: ${host}\nX-A: b\n\n`),
    'a request line of 1 MiB without an end gets a 4xx or a close': () => replyOrClose(
        `GET /${'a'.repeat(1 << 20)}`, [400, 414, 431]),
    'Expect: 100-continue with a body of 10 MiB gets a 413 or 417': (host) => replyOrClose(
        post1(host, `Content-Length: ${10 << 20}\r\nExpect: 100-continue\r\n`), [413, 417]),
    'Content-Length of 1 GiB: refused before 16 MiB are read': (host) => ({
        start: (port) => blast(port, bytes(post1(host, `Content-Length: ${1 << 30}\r\n`)),
            16 << 20, false),
        verdict: cutOff([413]),
    }),
    'a chunked body without end: refused before 16 MiB are read': (host) => ({
        start: (port) => blast(port, bytes(post1(host, 'Transfer-Encoding: chunked\r\n')),
            16 << 20, true),
        verdict: cutOff([400, 411, 413]),
    }),
};

// Starts every slow case on the second server; returns {name: promise of its result}.
function startSlowCases() {
    return Object.fromEntries(Object.entries(SLOW).map(([name, make]) => {
        const c = make(slow.host);
        const started = performance.now();
        return [name, c.start(slow.port).then((result) => ({ c, result,
            ms: Math.round(performance.now() - started) }))];
    }));
}

describe('slow and oversized requests (on a second server, running since the start)', () => {
    for (const name of Object.keys(SLOW))
        it(name, { timeout: 60000 }, async (t) => {
            const { c, result, ms } = await slowResults[name];
            t.diagnostic(`ended after ${ms} ms`);
            assert.deepEqual(slow.deaths, [], 'the second server died');
            await c.verdict(result);
        });
    it('afterwards the second server has not died and answers GET /api/games with 200',
        async () => {
            assert.deepEqual(slow.deaths, []);
            await healthy(slow);
        });
});

// --- the end -------------------------------------------------------------------------------

describe('at the end', () => {
    it('no server exited or printed terminate, a sanitizer report or a runtime error', () => {
        assert.deepEqual(main.deaths, [], 'the main server died');
        assert.deepEqual(slow.deaths, [], 'the second server died');
        assert.ok(main.alive() && slow.alive());
        assert.deepEqual([...main.badOutput(), ...slow.badOutput()], []);
    });
});
