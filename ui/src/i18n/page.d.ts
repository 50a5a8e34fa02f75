// The types of page.js (plain JavaScript: the host's plain phone page loads it).

/** A refusal from the host, as the protocol sends it (`reason` is its code). */
export interface PageRefusal {
  reason: string;
  current?: number;
  got?: number;
}

export interface PageWords {
  lang: 'en' | 'fr';
  title: string;
  room: string;
  name: string;
  guest: string;
  play: string;
  watch: string;
  seats: string;
  purist: string;
  hostControls: string;
  seatCount: string;
  setSeatCount: string;
  botsInEmpty: string;
  start: string;
  botsForAway: string;
  moves: string;
  log: string;
  chat: string;
  send: string;
  place: (x: number, y: number, degrees: number) => string;
  deploy: (follower: string, feature: string) => string;
  pass: string;
  over: string;
  yourTurn: string;
  seatPlaying: (seat: number) => string;
  withTile: (status: string, tile: string) => string;
  phase: (phase: string) => string;
  turnTimer: (seconds: number | null | undefined) => string;
  seatLine: (name: string | null, kind: string, away: boolean, you: boolean) => string;
  scores: (scores: number[]) => string;
  finalScores: (scores: number[]) => string;
  committed: (prefix: string) => string;
  seatDid: (seat: number, what: string) => string;
  said: (name: string, text: string) => string;
  emotes: Record<string, string>;
  toBot: (seat: number, reason: string) => string;
  countdown: (seat: number, seconds: number, step: string) => string;
  removed: string;
  superseded: string;
  reconnecting: string;
  disconnected: string;
  seatAsked: (name: string, seat: number) => string;
  refused: (r: PageRefusal) => string;
  why: (problem: string, seat?: number) => string;
  unfair: (why: string) => string;
  drawsBad: (why: string) => string;
  drawsOk: string;
}

export const en: PageWords;
export const fr: PageWords;
export function pageWords(asked: string | null, languages: readonly string[]): PageWords;
