// Short sounds made in the page with Web Audio (no sound files): a chime for your turn, a
// knock for a tile, a rising note per scoring (higher for more points), a fanfare at the end.
// Every screen goes through `playCues`, so the volume and the mute apply everywhere.
import type { Cue } from './cues';

export interface SoundLevel {
  volume: number;
  muted: boolean;
}

let ctx: AudioContext | null = null;

/** The page's one audio context, made on first use (browsers start it suspended until a tap). */
function audio(): AudioContext | null {
  if (typeof AudioContext === 'undefined') return null;
  ctx ??= new AudioContext();
  if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
  return ctx;
}

/** One note: a tone that rises in a few ms and fades out (no click at either end). */
function note(ac: AudioContext, out: AudioNode, freq: number, start: number, length: number, type: OscillatorType = 'triangle'): void {
  const osc = ac.createOscillator();
  const env = ac.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, start);
  env.gain.setValueAtTime(0.0001, start);
  env.gain.exponentialRampToValueAtTime(1, start + 0.012);
  env.gain.exponentialRampToValueAtTime(0.0001, start + length);
  osc.connect(env).connect(out);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

/** A scoring's pitch: from A4 up a semitone per point, at most two octaves. */
export function scorePitch(points: number): number {
  return 440 * 2 ** (Math.min(24, Math.max(0, points)) / 12);
}

function play(ac: AudioContext, out: AudioNode, cue: Cue, at: number): number {
  switch (cue.kind) {
    case 'turn':
      note(ac, out, 659.25, at, 0.18);
      note(ac, out, 880, at + 0.12, 0.3);
      return 0.35;
    case 'placed':
      note(ac, out, 140, at, 0.09, 'sine');
      note(ac, out, 95, at + 0.01, 0.12, 'sine');
      return 0.1;
    case 'score':
      note(ac, out, scorePitch(cue.points), at, 0.25);
      return 0.16;
    case 'end':
      [523.25, 659.25, 783.99, 1046.5].forEach((f, i) => note(ac, out, f, at + i * 0.13, 0.45));
      return 0.7;
  }
}

/** Plays the cues one after the other at the given level (nothing when muted or at 0). */
export function playCues(cues: Cue[], level: SoundLevel): void {
  if (!cues.length || level.muted || level.volume <= 0) return;
  const ac = audio();
  if (!ac) return;
  const out = ac.createGain();
  // a gentle curve: half the slider is about a quarter of the loudness
  out.gain.value = 0.35 * (Math.min(100, level.volume) / 100) ** 2;
  out.connect(ac.destination);
  let at = ac.currentTime + 0.01;
  for (const cue of cues) at += play(ac, out, cue, at);
}
