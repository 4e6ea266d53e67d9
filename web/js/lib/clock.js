// Chess clocks on the page: the time left of each side counted down locally from the server's
// last reading, and its display text.

// Formats milliseconds as "h:mm:ss", "m:ss", or "s.t" under 10 s (tenths). Negative -> "0.0".
export function formatClock(ms) {
    const t = Math.max(0, Math.floor(ms));
    if (t < 10000) {
        const tenths = Math.floor(t / 100);
        return `${Math.floor(tenths / 10)}.${tenths % 10}`;
    }
    const total = Math.floor(t / 1000);
    const h = Math.floor(total / 3600);
    const m = Math.floor((total % 3600) / 60);
    const s = String(total % 60).padStart(2, '0');
    return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

// Time left of `color` at local time `now`, given `clocks` received at local time
// `receivedAt`. Only the running side counts down; the result is never negative.
export function remaining(clocks, color, receivedAt, now) {
    if (!clocks || typeof clocks[color] !== 'number') return null;
    const base = clocks[color];
    if (clocks.running !== color) return Math.max(0, base);
    return Math.max(0, base - Math.max(0, now - receivedAt));
}

// How long until the displayed text of a running clock changes, so a timer can wake then.
export function nextTick(ms) {
    if (ms <= 0) return 1000;
    const step = ms < 10000 ? 100 : 1000;
    return (ms % step) || step;
}

// Minutes and increment seconds as the API's clock object ({initial, increment} in ms), or
// null for no time control or values outside the API's ranges.
export function clockSetting(minutes, incrementSeconds) {
    const initial = Math.round(Number(minutes) * 60000);
    const increment = Math.round(Number(incrementSeconds) * 1000);
    if (!Number.isFinite(initial) || !Number.isFinite(increment)) return null;
    if (initial < 1000 || initial > 36000000 || increment < 0 || increment > 600000) return null;
    return { initial, increment };
}

// A short label for a clock setting: "5+2", "0.5+0", or "no clock".
export function clockLabel(clock) {
    if (!clock) return 'no clock';
    return `${clock.initial / 60000}+${clock.increment / 1000}`;
}
