// Move and capture sounds synthesized with the Web Audio API (no audio files). The mute
// choice is remembered in localStorage.

const KEY = 'kibitz.muted';
let ctx = null;
let muted = readMuted();

function readMuted() {
    try {
        return localStorage.getItem(KEY) === '1';
    } catch {
        return false;
    }
}

// True when sounds are off.
export function isMuted() {
    return muted;
}

// Turns sounds off or on and remembers the choice.
export function setMuted(value) {
    muted = !!value;
    try {
        localStorage.setItem(KEY, muted ? '1' : '0');
    } catch {
        // Not remembered without storage.
    }
}

// Plays "move", "capture" or "end" unless muted; silently does nothing without Web Audio.
export function play(kind) {
    if (muted) return;
    const AudioCtx = window.AudioContext || window.webkitAudioContext;
    if (!AudioCtx) return;
    try {
        if (!ctx) ctx = new AudioCtx();
        if (ctx.state === 'suspended') ctx.resume();
        const t = ctx.currentTime + 0.01;
        if (kind === 'capture') {
            knock(t, 300, 110, 0.5, 0.14);
            noise(t, 1400, 0.35, 0.09);
        } else if (kind === 'end') {
            tone(t, 523, 0.18);
            tone(t + 0.16, 392, 0.28);
        } else {
            knock(t, 520, 200, 0.35, 0.09);
            noise(t, 2200, 0.18, 0.04);
        }
    } catch {
        // Audio is a nicety; a failure must not break the game.
    }
}

function knock(t, from, to, level, length) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'sine';
    osc.frequency.setValueAtTime(from, t);
    osc.frequency.exponentialRampToValueAtTime(to, t + length);
    gain.gain.setValueAtTime(level, t);
    gain.gain.exponentialRampToValueAtTime(0.001, t + length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t);
    osc.stop(t + length + 0.02);
}

function noise(t, band, level, length) {
    const frames = Math.max(1, Math.floor(ctx.sampleRate * length));
    const buffer = ctx.createBuffer(1, frames, ctx.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / frames);
    const src = ctx.createBufferSource();
    const filter = ctx.createBiquadFilter();
    const gain = ctx.createGain();
    src.buffer = buffer;
    filter.type = 'bandpass';
    filter.frequency.value = band;
    gain.gain.value = level;
    src.connect(filter).connect(gain).connect(ctx.destination);
    src.start(t);
}

function tone(t, freq, length) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.2, t);
    gain.gain.exponentialRampToValueAtTime(0.001, t + length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t);
    osc.stop(t + length + 0.02);
}
