// The HTTP side of the API: JSON requests with the seat token header. A failure throws an
// ApiError carrying the status and the server's {error} text; lib/errors.js turns the two into
// the sentence a person reads.

// An API failure: HTTP status (0 when the server could not be reached) and the server's text.
export class ApiError extends Error {
    constructor(status, message) {
        super(message);
        this.status = status;
    }
}

// Sends a request and returns the parsed JSON (or text) of a 2xx answer; throws ApiError.
// `headers`: more headers to send (the list's X-Kibitz-Tokens).
export async function request(method, path, { body, token, headers: more } = {}) {
    const headers = { ...(more || {}) };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers['X-Kibitz-Token'] = token;
    let res;
    try {
        res = await fetch(path, { method, headers,
            body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (e) {
        throw new ApiError(0, `the server cannot be reached (${e.message})`);
    }
    const text = await res.text();
    let data = null;
    try {
        data = text ? JSON.parse(text) : null;
    } catch {
        data = null;
    }
    if (!res.ok) {
        const why = data && typeof data.error === 'string' ? data.error : text.slice(0, 200);
        throw new ApiError(res.status, why || '');
    }
    return data ?? text;
}
