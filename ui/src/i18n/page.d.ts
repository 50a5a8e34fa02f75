// The types of page.js (plain JavaScript: the host's plain phone page loads it).
import type { FairnessError, Reject } from '../bindings';

/** What a table says to any of its clients: the app's i18n and the plain page share these. */
export interface TableWords {
  /** A refusal from the host, by its code; a move or a setup refused reads "The host refused" with `hostRefused`. */
  refused: (r: Reject) => string;
  hostRefused: (what: string) => string;
  /** Why the draws do not check out: the app's verdict, or the page's own check (which names
   * only the problem and a seat; `what` of `malformed` then means the secret). */
  fairness: (e: FairnessError | { problem: FairnessError['problem']; seat?: number; what?: string }) => string;
  /** The host's turn timer (`null` or 0: none). */
  turnTimer: (seconds: number | null | undefined) => string;
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
  refused: TableWords['refused'];
  why: TableWords['fairness'];
  unfair: (why: string) => string;
  drawsBad: (why: string) => string;
  drawsOk: string;
}

export const tableEn: TableWords;
export const tableFr: TableWords;
export const en: PageWords;
export const fr: PageWords;
export function pageWords(asked: string | null, languages: readonly string[]): PageWords;
