// The servers of the hostile-input tests (hostile.test.mjs) and the judgement of one reply.

import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';

import { startServer, tempDir } from '../e2e/helpers.js';
import { HOST, exchange, isUtf8, request, show } from './raw.mjs';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// A `kibitz play` on a database of its own. If a request kills it, the death is recorded (with
// the test that was running) and the next request starts it again on the same database, so
// that one crash does not hide the results of the other cases.
export class Kibitz {
    constructor(label) {
        this.label = label;
        this.dir = tempDir();
        this.deaths = [];
        this.instances = [];
        this.current = null;
        this.testName = '';
    }

    async start() {
        const s = await startServer(this.dir);
        const inst = { s, stderr: '', exit: null, stopping: false };
        s.proc.stderr.on('data', (d) => { inst.stderr += d; });
        s.proc.stdout.on('data', () => {});
        s.proc.on('exit', (code, signal) => {
            inst.exit = { code, signal };
            if (!inst.stopping)
                this.deaths.push({ test: this.testName, code, signal,
                    stderr: inst.stderr.slice(-400) });
        });
        this.instances.push(inst);
        this.current = inst;
        this.port = s.port;
    }

    alive() {
        const p = this.current?.s.proc;
        return p && p.exitCode === null && p.signalCode === null;
    }

    // The port of a running server (started again if it died).
    async live() {
        if (!this.alive()) await this.start();
        return this.port;
    }

    get host() {
        return `${HOST}:${this.port}`;
    }

    // Resolves a description of the death when the server exits within `ms`, else null.
    async diedWithin(ms) {
        const end = Date.now() + ms;
        while (Date.now() < end) {
            if (!this.alive()) {
                const e = this.current.s.proc;
                return `exit code ${e.exitCode}, signal ${e.signalCode}, stderr: ` +
                    JSON.stringify(this.current.stderr.slice(-300));
            }
            await sleep(20);
        }
        return null;
    }

    async stop() {
        for (const inst of this.instances) {
            inst.stopping = true;
            await inst.s.stop();
        }
        rmSync(this.dir, { recursive: true, force: true });
    }

    // What the server printed that shows a crash or undefined behaviour.
    badOutput() {
        return this.instances.map((i) => i.stderr)
            .filter((e) => /terminate|Sanitizer|runtime error|Segmentation|free\(\)/.test(e));
    }
}

// Asserts that `res` (the reply to `data`) is what `c` expects: c.codes (a list of statuses;
// default any 4xx; 'not5xx' for any status below 500), c.allowClose (a closed connection without
// a reply is accepted), c.check(res) for more. `srv` is the server it went to.
export async function judge(srv, c, data, res) {
    const what = () => `request: ${show(data)}\n  reply: ${res.status === undefined
        ? (res.timedOut ? 'none in time' : 'the connection was closed without a reply')
        : show(res.raw, 500)}`;
    if (res.status === undefined) {
        const died = await srv.diedWithin(res.timedOut ? 0 : 500);
        if (died) assert.fail(`the server died (${died})\n  ${what()}`);
        if (c.allowClose && res.closed && !res.timedOut) return;
        assert.fail(`no reply\n  ${what()}`);
    }
    const ok = c.codes === 'not5xx' ? res.status < 500
        : c.codes ? c.codes.includes(res.status)
            : res.status >= 400 && res.status < 500;
    assert.ok(ok, `status ${res.status}, expected ${c.codes ?? '4xx'}\n  ${what()}`);
    assert.ok(isUtf8(res.body), `the reply body is not valid UTF-8\n  ${what()}`);
    if (/json/.test(res.headers['content-type'] ?? '')) {
        let json;
        assert.doesNotThrow(() => { json = JSON.parse(res.body.toString('utf8')); },
            `the reply is not valid JSON\n  ${what()}`);
        if (res.status >= 400)
            assert.equal(typeof json.error, 'string', `no "error" in the reply\n  ${what()}`);
    }
    c.check?.(res, what);
    assert.ok(srv.alive(), `the server exited after the reply\n  ${what()}`);
}

// Asserts that `srv` is running and answers GET /api/games with 200 and a list of games within
// `timeout` ms (asking again every 250 ms: connections the test just closed may take the
// server a moment to notice).
export async function healthy(srv, timeout = 10000) {
    const end = Date.now() + timeout;
    let res;
    for (;;) {
        assert.ok(srv.alive(), `the ${srv.label} server is not running`);
        res = await exchange(srv.port, request('GET', '/api/games', { host: srv.host }),
            { timeout: Math.max(end - Date.now(), 1) });
        if (res.status === 200 || Date.now() >= end) break;
        await sleep(250);
    }
    assert.equal(res.status, 200, `GET /api/games for ${timeout} ms: ${res.timedOut
        ? 'no reply in time' : show(res.raw, 300)}`);
    assert.ok(Array.isArray(JSON.parse(res.body.toString('utf8')).games));
}
