// Raw HTTP/1.1 over TCP for the hostile-input tests (hostile.test.mjs): requests go out byte for
// byte as written (invalid UTF-8, NUL, bare LF, lies in Content-Length), and replies are parsed
// by hand, so that nothing between the test and the server repairs or rejects them first. Only
// 127.0.0.1 is ever contacted, and every exchange has a time limit.
//
// Strings given to these functions are Latin-1: one character is one byte, so '\xff' is the
// byte 0xff. Text that is meant as UTF-8 is passed as a Buffer (utf8()).

import net from 'node:net';

export const HOST = '127.0.0.1';

// The bytes of `parts` (Latin-1 strings and Buffers) one after the other.
export function bytes(...parts) {
    return Buffer.concat(parts.map((p) => {
        if (Buffer.isBuffer(p)) return p;
        for (const ch of p)
            if (ch.codePointAt(0) > 0xff) throw new Error(`not a byte: ${ch} (use utf8())`);
        return Buffer.from(p, 'latin1');
    }));
}

// The UTF-8 encoding of `text`.
export const utf8 = (text) => Buffer.from(text, 'utf8');

// A request: `method target version`, then Host (unless `host` is null), the `headers` (an array
// of [name, value] pairs or of raw lines), Content-Length when there is a `body` and no header
// names the length, and `Connection: close` unless `close` is false.
export function request(method, target, { host, headers = [], body, close = true,
    version = 'HTTP/1.1' } = {}) {
    const lines = [`${method} ${target} ${version}`];
    if (host !== null && host !== undefined) lines.push(`Host: ${host}`);
    let framed = false;
    for (const h of headers) {
        const line = Array.isArray(h) ? `${h[0]}: ${h[1]}` : h;
        if (/^(content-length|transfer-encoding)\s*:/i.test(line)) framed = true;
        lines.push(line);
    }
    const payload = body === undefined ? Buffer.alloc(0) : bytes(body);
    if (body !== undefined && !framed) lines.push(`Content-Length: ${payload.length}`);
    if (close) lines.push('Connection: close');
    return bytes(lines.join('\r\n') + '\r\n\r\n', payload);
}

// Parses the first HTTP reply in `buf`: null while its head is incomplete, else {status,
// statusLine, headers (lower-case names, first value), body, complete}. `complete` is false
// while a declared body has not fully arrived (a body without length or chunks ends at close).
export function parseReply(buf, closed = false) {
    const end = buf.indexOf('\r\n\r\n');
    if (end < 0) return null;
    const head = buf.subarray(0, end).toString('latin1').split('\r\n');
    const statusLine = head[0];
    const m = statusLine.match(/^HTTP\/\d\.\d (\d{3})/);
    // An interim reply (100 Continue) is skipped: the final one follows.
    if (m && m[1][0] === '1') return parseReply(buf.subarray(end + 4), closed);
    const headers = {};
    for (const line of head.slice(1)) {
        const colon = line.indexOf(':');
        if (colon < 0) continue;
        const name = line.slice(0, colon).trim().toLowerCase();
        if (!(name in headers)) headers[name] = line.slice(colon + 1).trim();
    }
    const rest = buf.subarray(end + 4);
    const reply = { status: m ? Number(m[1]) : NaN, statusLine, headers, body: rest,
        complete: closed };
    if (headers['content-length'] !== undefined) {
        const n = Number(headers['content-length']);
        reply.body = rest.subarray(0, n);
        reply.complete = rest.length >= n;
    } else if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
        const chunks = [];
        let at = 0;
        for (;;) {
            const eol = rest.indexOf('\r\n', at);
            if (eol < 0) break;
            const size = parseInt(rest.subarray(at, eol).toString('latin1'), 16);
            if (Number.isNaN(size) || rest.length < eol + 2 + size + 2) break;
            if (size === 0) {
                reply.complete = true;
                break;
            }
            chunks.push(rest.subarray(eol + 2, eol + 2 + size));
            at = eol + 2 + size + 2;
        }
        reply.body = Buffer.concat(chunks);
    } else if (reply.status === 204 || reply.status === 304) {
        reply.body = Buffer.alloc(0);
        reply.complete = true;
    }
    return reply;
}

// Connects to 127.0.0.1:`port`, writes `data` (a Buffer, or an array of Buffers written
// `gap` ms apart), and waits for the first reply to be complete, for the server to close, or
// for `timeout` ms. With `headOnly` it resolves as soon as the head of a 2xx reply has come
// (the socket is then left open in `socket`: an event stream). Resolves {status, statusLine,
// headers, body, raw, closed, reset, timedOut, ms, socket}; status is undefined when no reply
// head came.
export function exchange(port, data, { timeout = 10000, gap = 0, headOnly = false,
    end = false } = {}) {
    return new Promise((resolve) => {
        const started = performance.now();
        const socket = net.connect({ host: HOST, port });
        let raw = Buffer.alloc(0);
        let done = false;
        let closed = false;
        let reset = false;
        const timers = [];
        const finish = (timedOut) => {
            if (done) return;
            done = true;
            for (const t of timers) clearTimeout(t);
            const reply = parseReply(raw, closed) ?? {};
            const keep = headOnly && !timedOut && reply.status >= 200 && reply.status < 300;
            if (!keep) socket.destroy();
            resolve({ ...reply, raw, closed, reset, timedOut,
                ms: performance.now() - started, socket: keep ? socket : null });
        };
        timers.push(setTimeout(() => finish(true), timeout));
        socket.on('data', (chunk) => {
            raw = Buffer.concat([raw, chunk]);
            const reply = parseReply(raw);
            if (reply && (reply.complete || (headOnly && reply.status >= 200 &&
                reply.status < 300))) finish(false);
        });
        socket.on('error', (e) => {
            if (e.code === 'ECONNRESET' || e.code === 'EPIPE') reset = true;
        });
        socket.on('close', () => {
            closed = true;
            finish(false);
        });
        socket.on('connect', () => {
            const parts = Array.isArray(data) ? data : [data];
            parts.forEach((part, i) => {
                const write = () => {
                    if (done || socket.destroyed) return;
                    socket.write(part, () => {});
                    if (end && i === parts.length - 1) socket.end();
                };
                if (i === 0 || gap === 0) write();
                else timers.push(setTimeout(write, i * gap));
            });
        });
    });
}

// Opens a connection, writes `prefix` at once and then one byte of `data` every `every` ms,
// until the server closes the connection or `limit` ms pass. Resolves {closed, ms, sent, reply}
// (sent: bytes of `data` written; reply: what the server sent, if anything).
export function trickle(port, data, { prefix = Buffer.alloc(0), every = 1000,
    limit = 30000 } = {}) {
    return new Promise((resolve) => {
        const started = performance.now();
        const socket = net.connect({ host: HOST, port });
        let raw = Buffer.alloc(0);
        let sent = 0;
        let timer = null;
        let done = false;
        const finish = (closed) => {
            if (done) return;
            done = true;
            clearInterval(timer);
            clearTimeout(deadline);
            socket.destroy();
            resolve({ closed, ms: performance.now() - started, sent, reply: raw });
        };
        const deadline = setTimeout(() => finish(false), limit);
        socket.on('data', (chunk) => { raw = Buffer.concat([raw, chunk]); });
        socket.on('error', () => {});
        socket.on('close', () => finish(true));
        socket.on('connect', () => {
            if (prefix.length) socket.write(prefix);
            timer = setInterval(() => {
                if (sent < data.length && !socket.destroyed)
                    socket.write(data.subarray(sent, ++sent));
            }, every);
        });
    });
}

// `buf` as readable text for a failure message: printable ASCII as is, other bytes as \xNN,
// cut to `max` characters.
export function show(buf, max = 300) {
    const b = Buffer.isBuffer(buf) ? buf : Buffer.from(String(buf), 'latin1');
    let s = '';
    for (const byte of b.subarray(0, max)) {
        if (byte === 0x0d) s += '\\r';
        else if (byte === 0x0a) s += '\\n';
        else if (byte >= 0x20 && byte < 0x7f && byte !== 0x5c) s += String.fromCharCode(byte);
        else s += `\\x${byte.toString(16).padStart(2, '0')}`;
    }
    return b.length > max ? `${s}… (${b.length} bytes)` : s;
}

// True when `buf` is valid UTF-8.
export function isUtf8(buf) {
    try {
        new TextDecoder('utf-8', { fatal: true }).decode(buf);
        return true;
    } catch {
        return false;
    }
}

// Writes `head` then up to `total` bytes of body (as 64 KiB chunks of chunked encoding when
// `chunkedBody`), as fast as the server reads, and stops at the first reply or close. Resolves
// {sent, total, status, closed, reply}.
export function blast(port, head, total, chunkedBody) {
    return new Promise((resolve) => {
        const socket = net.connect({ host: HOST, port });
        let raw = Buffer.alloc(0);
        let sent = 0;
        let over = false;
        const piece = Buffer.alloc(64 << 10, 0x20);
        const frame = chunkedBody ? bytes(`10000\r\n`, piece, '\r\n') : piece;
        const finish = (closed) => {
            if (over) return;
            over = true;
            clearTimeout(timer);
            socket.destroy();
            const m = raw.toString('latin1').match(/^HTTP\/1\.[01] (\d{3})/);
            resolve({ sent, total, closed, status: m ? Number(m[1]) : undefined, reply: raw });
        };
        const timer = setTimeout(() => finish(false), 20000);
        socket.on('data', (d) => {
            raw = Buffer.concat([raw, d]);
            if (raw.includes('\r\n\r\n')) finish(false);
        });
        socket.on('error', () => {});
        socket.on('close', () => finish(true));
        socket.on('connect', () => {
            socket.write(head);
            const pump = () => {
                while (!over && sent < total) {
                    sent += piece.length;
                    if (!socket.write(frame)) {
                        socket.once('drain', pump);
                        return;
                    }
                }
            };
            pump();
        });
    });
}
