// Load test of `kibitz play` on loopback: N clients at once, each playing a game against the
// engine (at depth 1, so that the engines keep up) while it reads the game's event stream. It
// starts its own server on a fresh database, runs for a fixed time, stops by itself, and
// prints the latency of the move requests (p50, p99, max) and every error.
//
//   node tests/load/load_test.mjs [--kibitz build/kibitz] [--clients 50] [--seconds 60]
//
// Exit status 0 only when there was no error at all.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const args = Object.fromEntries(
    process.argv.slice(2).reduce((pairs, a, i, all) => {
        if (a.startsWith('--')) pairs.push([a.slice(2), all[i + 1]]);
        return pairs;
    }, []),
);
const kibitz = args.kibitz ?? 'build/kibitz';
const clients = Number(args.clients ?? 50);
const seconds = Number(args.seconds ?? 60);

const dir = mkdtempSync(join(tmpdir(), 'kibitz-load-'));
// The clients stand for people on many addresses, but all come from loopback: the limits of
// one address are raised to those of the whole server, which still hold (the hostile tests
// check the per-address limits).
const server = spawn(
    kibitz,
    ['play', '--port', '0', '--db', join(dir, 'load.db'), '--max-streams-per-client', '160',
        '--max-connections-per-client', '320'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
);
const base = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (chunk) => {
        out += chunk;
        const m = out.match(/http:\/\/[\d.]+:\d+\//);
        if (m) resolve(m[0]);
    });
    server.on('exit', (code) => reject(new Error(`kibitz play exited with ${code}`)));
});

const errors = [];
const latencies = [];
let moves = 0;
let games = 0;
const deadline = Date.now() + seconds * 1000;

async function api(method, path, body, token) {
    const headers = { 'Content-Type': 'application/json' };
    if (token) headers['X-Kibitz-Token'] = token;
    const res = await fetch(base + path.slice(1), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.error}`);
    return json;
}

// Reads `data:` events from a streaming response and hands each parsed object to onEvent.
async function readEvents(res, onEvent, signal) {
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of res.body) {
        if (signal.aborted) return;
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            for (const line of block.split('\n'))
                if (line.startsWith('data: ')) onEvent(JSON.parse(line.slice(6)));
        }
    }
}

// The later of two readings of a game (the stream may overtake a reply).
function newer(a, b) {
    if (a.moves.length !== b.moves.length) return a.moves.length > b.moves.length ? a : b;
    return b.updated >= a.updated ? b : a;
}

// One client: a game at a time against the engine, moves chosen at random among the legal
// ones, the turn learnt from the event stream.
async function client(n) {
    while (Date.now() < deadline) {
        const created = await api('POST', '/api/games', {
            mode: 'engine',
            color: n % 2 ? 'black' : 'white',
            level: { kind: 'depth', depth: 1 },
        });
        games++;
        const { token } = created;
        const id = created.game.id;
        const seat = created.seat;
        const abort = new AbortController();
        const res = await fetch(`${base}api/games/${id}/events`, { signal: abort.signal });
        if (!res.ok) throw new Error(`events: ${res.status} ${(await res.json()).error}`);
        let wake = null;
        let latest = created.game;
        const reading = readEvents(
            res,
            (event) => {
                if (event.type === 'state') latest = newer(latest, event.game);
                if (wake) wake();
            },
            abort.signal,
        ).catch((e) => {
            if (!abort.signal.aborted) errors.push(`client ${n} stream: ${e.message}`);
        });
        try {
            while (Date.now() < deadline && !latest.over && latest.moves.length < 120) {
                if (latest.turn !== seat || latest.legal.length === 0) {
                    await new Promise((resolve) => {
                        wake = resolve;
                        setTimeout(resolve, 2000);
                    });
                    continue;
                }
                const move = latest.legal[Math.floor(Math.random() * latest.legal.length)];
                const start = performance.now();
                const reply = await api('POST', `/api/games/${id}/move`, { move }, token);
                latest = newer(latest, reply);
                latencies.push(performance.now() - start);
                moves++;
            }
        } finally {
            abort.abort();
            await reading;
        }
    }
}

const started = Date.now();
const results = await Promise.allSettled(Array.from({ length: clients }, (_, i) => client(i)));
for (const r of results) if (r.status === 'rejected') errors.push(r.reason.message);
const info = await api('GET', '/api/info');
server.kill('SIGTERM');
await new Promise((resolve) => server.on('exit', resolve));
rmSync(dir, { recursive: true, force: true });

latencies.sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
const elapsed = (Date.now() - started) / 1000;
console.log(`kibitz play ${info.version}: ${clients} clients for ${elapsed.toFixed(1)} s`);
console.log(`  ${games} games, ${moves} moves by the clients (${(moves / elapsed).toFixed(1)}/s)`);
console.log(
    `  move request latency: p50 ${pct(50).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms, ` +
        `max ${(latencies.at(-1) ?? NaN).toFixed(1)} ms`,
);
console.log(`  errors: ${errors.length}`);
for (const e of errors.slice(0, 20)) console.log(`    ${e}`);
process.exit(errors.length === 0 && moves > 0 ? 0 : 1);
