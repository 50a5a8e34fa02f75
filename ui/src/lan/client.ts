// A player's (or a spectator's) connection to a LAN table: the protocol of crates/net as a
// small state holder. It reconnects by itself with the seat's token, takes part in the fair
// draw, and turns "act"/"preview" into promises the game screen awaits.
import { call } from '../api';
import type { Action, ChatLine, Decision, ChoiceOption, ClientMsg, Emote, GameView, LanGameResult, LanHandOver, LanPhase, LanSeatAsk, LanStep, LobbyView, Pos, Reject, ServerMsg, Speaker, UndoAskView, You } from '../bindings';
import { PROTOCOL_VERSION } from '../bindings';
import { checkDraws, newShare, pinCommitment, pinCommitments, pinContributions, shareHash, type FairCheck, type Pins, type SeenGame } from './fair';

/** One connection to the table, whatever carries it. */
export interface Conn {
  send(text: string): void;
  close(): void;
}
export interface ConnEvents {
  open(): void;
  message(text: string): void;
  closed(): void;
}
export type Dial = (ev: ConnEvents) => Conn;

/** A WebSocket from this page to the host that served it (a browser at the table). */
export function webSocketDial(url: string): Dial {
  return (ev) => {
    const ws = new WebSocket(url);
    ws.onopen = () => ev.open();
    ws.onmessage = (e) => ev.message(String(e.data));
    ws.onclose = () => ev.closed();
    return {
      send: (text) => {
        if (ws.readyState === WebSocket.OPEN) ws.send(text);
      },
      close: () => ws.close(),
    };
  };
}

/**
 * The app's own Rust client (`lan_connect`, `lan_send`, `lan_poll`): the app reaches any table
 * on the network, and checks the game at the end with the engine.
 */
export function appDial(address: string, room: string): Dial {
  return (ev) => {
    let link: number | null = null;
    let over = false;
    let timer = 0;
    // sends one after the other, in order
    let chain: Promise<unknown> = Promise.resolve();
    const end = (): void => {
      if (over) return;
      over = true;
      clearTimeout(timer);
      ev.closed();
    };
    const poll = async (): Promise<void> => {
      if (over || link === null) return;
      try {
        const r = await call('lan_poll', { link });
        for (const m of r.messages) ev.message(m);
        if (r.closed) return end();
      } catch {
        return end();
      }
      timer = window.setTimeout(() => void poll(), 50);
    };
    call('lan_connect', { address, room })
      .then((l) => {
        if (over) {
          void call('lan_disconnect', l).catch(() => undefined);
          return;
        }
        link = l.link;
        ev.open();
        void poll();
      })
      .catch(end);
    return {
      send: (text) => {
        if (link === null || over) return;
        const l = link;
        chain = chain.then(() => call('lan_send', { link: l, text })).catch(end);
      },
      close: () => {
        if (link !== null) void call('lan_disconnect', { link }).catch(() => undefined);
        end();
      },
    };
  };
}

/** The protocol version of crates/net, generated into the bindings. */
export const PROTOCOL = PROTOCOL_VERSION;

export type Link = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface Joined {
  room: string;
  name: string;
  as: 'player' | 'spectator';
  /** The seat's token the app kept (a rejoin after it restarted), over this page's own. */
  token?: string;
}

/**
 * What survives a reload: the seat's token, this player's share of the draw, and the draw's
 * commitments and shares as the host first showed them (kept for the whole game at this room).
 */
interface Saved {
  room: string;
  token?: string;
  share?: string;
  shareSent?: 'commit' | 'reveal';
  pins?: Pins;
  /** The finished game as kept in this device's history (the web app keeps it once). */
  kept?: number;
}

const STORE = 'carcassonne-table';

function loadSaved(room: string): Saved {
  try {
    const s = JSON.parse(localStorage.getItem(STORE) ?? 'null') as Saved | null;
    return s && s.room === room ? s : { room };
  } catch {
    return { room };
  }
}

/** A refusal by the host, with its typed reason. */
/** A command that cannot reach the host: the link went, never was, or the table has no game yet. */
export class Offline extends Error {
  constructor(public readonly why: 'lost' | 'not_connected' | 'no_table') {
    super(why);
  }
}

export class Refused extends Error {
  constructor(public readonly reason: Reject) {
    super(reason.reason);
  }
}

/** A request to take back a turn ended without it: `by` declined, or (null) it lapsed. */
export class UndoDropped extends Error {
  constructor(
    public readonly by: number | null,
    public readonly byName: string,
  ) {
    super('undo_dropped');
  }
}

/** A hand-over the host announced: the seat goes to a bot at `until` (this device's clock). */
export interface Countdown {
  seat: number;
  step: LanStep;
  reason: LanHandOver;
  until: number;
}

interface Waiter {
  kind: 'act' | 'preview' | 'undo';
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

export class LanClient {
  link: Link = 'connecting';
  you: You | null = null;
  room = '';
  state = 0;
  phase: LanPhase = 'lobby';
  lobby: LobbyView | null = null;
  view: GameView | null = null;
  result: LanGameResult | null = null;
  fair: FairCheck | null = null;
  chat: ChatLine[] = [];
  lastError: Reject | null = null;
  superseded = false;
  /** The host's operator removed this connection: it does not come back by itself. */
  removed = false;
  /** The hand-overs announced and not yet done or cancelled, by seat. */
  countdowns = new Map<number, Countdown>();
  /** The request to take back a turn standing (who asks, whose answer is awaited). */
  undoAsk: UndoAskView | null = null;
  /** How the last request ended: taken back, or dropped (`by` declined; null: lapsed). */
  undoEnd: { seat: number; done: boolean; by: number | null } | null = null;
  /** The last seat handed to a bot, and why. */
  handedOver: { seat: number; reason: LanHandOver } | null = null;
  /** Spectators' requests for a seat, standing (the host's page answers them). */
  seatAsks: LanSeatAsk[] = [];
  /** This spectator's own request for a seat, while it stands. */
  askedSeat: number | null = null;
  commitment: string | null = null;
  commitments: (string | null)[] | null = null;
  contributions: (string | null)[] = [];
  private conn: Conn | null = null;
  private open = false;
  private saved: Saved;
  private waiters: Waiter[] = [];
  private listeners = new Set<(what: string) => void>();
  private retry = 0;
  private retryTimer = 0;
  private closedByUs = false;
  private recordSeed: string | null = null;
  /** The host's message that carried the result, as received (its seed keeps every digit). */
  private resultMessage: string | null = null;
  /** Per action shown, the tile it placed (null: not a placement), and the tile to place now. */
  private seenTiles: (string | null)[] = [];
  private pendingTile: string | null = null;

  constructor(
    private readonly dial: Dial,
    private readonly joined: Joined,
    /** A check of the finished game by replay with the engine: the app's (what its own
     * client saw), or the web app's WebAssembly on what this page saw. */
    private readonly verifier: ((seen: SeenGame) => Promise<FairCheck>) | null = null,
  ) {
    this.room = joined.room.trim().toUpperCase();
    this.saved = loadSaved(this.room);
    if (joined.token && joined.token !== this.saved.token) this.saved = { ...this.saved, token: joined.token, share: undefined, shareSent: undefined };
    this.connect();
  }

  get seat(): number | null {
    return this.you?.role === 'player' ? this.you.seat : null;
  }

  on(fn: (what: string) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private emit(what: string): void {
    for (const fn of [...this.listeners]) fn(what);
  }

  private persist(): void {
    try {
      localStorage.setItem(STORE, JSON.stringify(this.saved));
    } catch {
      // private mode: the seat cannot survive a reload, the game goes on
    }
  }

  private connect(): void {
    clearTimeout(this.retryTimer);
    this.open = false;
    let conn: Conn | null = null;
    conn = this.dial({
      open: () => {
        if (this.conn !== conn) return;
        this.open = true;
        this.retry = 0;
        const join = this.saved.token ? { as: 'resume' as const, token: this.saved.token } : this.joined.as === 'spectator' ? { as: 'spectator' as const } : { as: 'player' as const };
        this.send({ type: 'hello', version: PROTOCOL, room: this.room, name: this.joined.name, join });
      },
      message: (text) => {
        if (this.conn !== conn) return;
        let msg: ServerMsg;
        try {
          msg = JSON.parse(text) as ServerMsg;
        } catch {
          return;
        }
        this.onMessage(msg, text);
      },
      closed: () => {
        if (this.conn !== conn) return;
        this.conn = null;
        this.open = false;
        this.failWaiters(new Offline('lost'));
        if (this.closedByUs || this.superseded || this.removed) {
          this.link = 'closed';
          this.emit('link');
          return;
        }
        // back with the token (or as a spectator again) after a short, growing wait
        this.link = 'reconnecting';
        this.emit('link');
        const wait = Math.min(5000, 400 * 2 ** this.retry++);
        this.retryTimer = window.setTimeout(() => this.connect(), wait);
      },
    });
    this.conn = conn;
  }

  /** Leaves the table (the seat stays reserved for the token until the host gives it away). */
  close(): void {
    this.closedByUs = true;
    clearTimeout(this.retryTimer);
    this.conn?.close();
    this.link = 'closed';
  }

  /** Drops the connection as a network would (tests and "reconnect now"). */
  dropForTest(): void {
    this.conn?.close();
  }

  send(msg: ClientMsg): boolean {
    if (!this.conn || !this.open) return false;
    this.conn.send(JSON.stringify(msg));
    return true;
  }

  private failWaiters(e: unknown): void {
    const ws = this.waiters;
    this.waiters = [];
    for (const w of ws) w.reject(e);
  }

  private settle(kind: Waiter['kind'], value: unknown): void {
    const i = this.waiters.findIndex((w) => w.kind === kind);
    if (i >= 0) this.waiters.splice(i, 1)[0]!.resolve(value);
  }

  private wait<T>(kind: Waiter['kind'], msg: ClientMsg): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (!this.send(msg)) {
        reject(new Offline('not_connected'));
        return;
      }
      this.waiters.push({ kind, resolve: resolve as (v: unknown) => void, reject });
    });
  }

  act(state: number, action: Action): Promise<GameView> {
    return this.wait<GameView>('act', { type: 'act', state, action });
  }

  preview(state: number, at: Pos, rotation: number): Promise<ChoiceOption[]> {
    return this.wait<ChoiceOption[]>('preview', { type: 'preview', state, at, rotation });
  }

  /** Asks the table to take back this seat's last turn; resolves to the table once every other
   * person accepted, rejects with `UndoDropped` when one declines or the game moves on. */
  askUndo(state: number): Promise<GameView> {
    return this.wait<GameView>('undo', { type: 'ask_undo', state });
  }

  answerUndo(accept: boolean): void {
    this.send({ type: 'answer_undo', accept });
  }

  say(text: string): void {
    this.send({ type: 'chat', text });
  }

  emote(emote: Emote): void {
    this.send({ type: 'emote', emote });
  }

  /** As a spectator, asks the host for a free seat or a bot's. */
  askSeat(seat: number): void {
    if (this.send({ type: 'ask_seat', seat })) {
      this.askedSeat = seat;
      this.emit('seat_ask');
    }
  }

  admin(token: string, command: Extract<ClientMsg, { type: 'admin' }>['command']): void {
    this.send({ type: 'admin', token, command });
  }

  /** The draw, from this seat: commit when the host started, reveal when it asks. */
  private drawDuty(committed: boolean, asked: boolean, revealed: boolean): void {
    const seat = this.seat;
    if (seat === null || this.phase !== 'drawing') return;
    if (!asked && !committed) {
      if (!this.saved.share || this.saved.shareSent === undefined) this.saved.share = newShare();
      this.saved.shareSent = 'commit';
      this.persist();
      this.send({ type: 'commit', hash: shareHash(this.saved.share) });
    } else if (asked && committed && !revealed && this.saved.share) {
      this.saved.shareSent = 'reveal';
      this.persist();
      this.send({ type: 'contribute', contribution: this.saved.share });
    }
  }

  /** The host's message with the result, as received (the seed read from its text). */
  private keepResult(raw: string): void {
    this.recordSeed = /"seed":(\d+)/.exec(raw)?.[1] ?? null;
    this.resultMessage = raw;
  }

  /** The tiles shown live: each move's (a placement places the tile the table waited on). */
  private noteTiles(m: ServerMsg): void {
    if (m.type === 'applied') this.seenTiles.push(m.action.type === 'place' ? this.pendingTile : null);
    else if (m.type === 'undone') this.seenTiles.length = Math.min(this.seenTiles.length, m.kept);
    else if (m.type !== 'game_begins') return;
    this.pendingTile = tileToPlace(m.pending);
  }

  private onMessage(m: ServerMsg, raw: string): void {
    if ('state' in m && typeof m.state === 'number') this.state = m.state;
    this.noteTiles(m);
    switch (m.type) {
      case 'welcome': {
        this.you = m.you;
        // a spectator given the seat it asked for
        if (m.you.role === 'player') this.askedSeat = null;
        if (m.you.role === 'player') {
          this.saved.token = m.you.token;
          this.persist();
        }
        this.link = 'open';
        this.load(m.snapshot, raw);
        this.emit('welcome');
        return;
      }
      case 'snapshot':
        this.load(m.snapshot, raw);
        this.emit('snapshot');
        return;
      case 'lobby':
        this.lobby = m.lobby;
        this.emit('lobby');
        return;
      case 'started':
        this.phase = 'drawing';
        this.pin((p) => pinCommitment(p, m.commitment));
        this.commitment = m.commitment;
        this.commitments = null;
        this.saved.share = undefined;
        this.saved.shareSent = undefined;
        this.drawDuty(false, false, false);
        this.emit('phase');
        return;
      case 'reveal_now': {
        this.countdowns.clear();
        this.pin((p) => pinCommitments(p, m.commitments));
        this.commitments = m.commitments;
        const seat = this.seat;
        this.drawDuty(seat !== null && m.commitments[seat] != null, true, false);
        this.emit('phase');
        return;
      }
      case 'game_begins':
        this.countdowns.clear();
        this.phase = 'playing';
        this.pin((p) => pinContributions(p, m.contributions));
        this.contributions = m.contributions;
        this.view = m.view ?? null;
        this.emit('view');
        return;
      case 'applied':
        // a move was made: the host's clock starts again (a seat that moved is no longer late)
        this.countdowns.delete(m.seat);
        this.view = m.view ?? this.view;
        if (m.seat === this.seat && this.view) this.settle('act', this.view);
        this.emit('view');
        return;
      case 'undo_asked':
        this.undoAsk = { seat: m.seat, waiting: m.waiting };
        this.emit('undo');
        return;
      case 'undo_dropped': {
        this.undoAsk = null;
        this.undoEnd = { seat: m.seat, done: false, by: m.by ?? null };
        const i = m.seat === this.seat ? this.waiters.findIndex((w) => w.kind === 'undo') : -1;
        if (i >= 0) this.waiters.splice(i, 1)[0]!.reject(new UndoDropped(m.by ?? null, m.by == null ? '' : (this.lobby?.seats[m.by]?.name ?? '')));
        this.emit('undo');
        return;
      }
      case 'undone':
        this.undoAsk = null;
        this.undoEnd = { seat: m.seat, done: true, by: null };
        this.view = m.view ?? this.view;
        if (m.seat === this.seat && this.view) this.settle('undo', this.view);
        this.emit('undone');
        return;
      case 'game_over':
        this.countdowns.clear();
        this.phase = 'over';
        this.pin((p) => pinCommitment(p, m.result.commitment));
        this.result = m.result;
        this.keepResult(raw);
        this.checkFair();
        this.emit('over');
        return;
      case 'presence':
        if (this.lobby?.seats[m.seat]) this.lobby.seats[m.seat]!.connected = m.connected;
        this.emit('lobby');
        return;
      case 'seat_asked':
        this.seatAsks = [...this.seatAsks.filter((a) => a.id !== m.id), { id: m.id, name: m.name, seat: m.seat }];
        this.emit('seat_ask');
        return;
      case 'seat_ask_ended':
        this.seatAsks = this.seatAsks.filter((a) => a.id !== m.id);
        if (!m.granted && this.askedSeat === m.seat && this.you?.role === 'spectator') this.askedSeat = null;
        this.emit('seat_ask');
        return;
      case 'seat_changed':
        this.countdowns.delete(m.seat);
        if (m.reason) this.handedOver = { seat: m.seat, reason: m.reason };
        if (this.lobby?.seats[m.seat]) this.lobby.seats[m.seat]!.kind = m.kind;
        if (m.name && this.lobby?.seats[m.seat]) this.lobby.seats[m.seat]!.name = m.name;
        // the views name who plays a seat (bot or not): ask for a fresh one
        this.send({ type: 'sync' });
        this.emit('lobby');
        return;
      case 'chat':
        this.chat.push({ from: m.from, text: m.text });
        this.emit('chat');
        return;
      case 'emote':
        this.chat.push({ from: m.from, text: `«${m.emote}»` });
        this.emit('emote:' + m.emote);
        return;
      case 'preview':
        this.settle('preview', m.choices);
        return;
      case 'rejected': {
        this.lastError = m.reason;
        // a request for a seat that was refused (or could not be made) no longer stands
        if (['seat_refused', 'seat_taken', 'no_such_seat', 'not_a_spectator', 'wrong_phase'].includes(m.reason.reason)) this.askedSeat = null;
        const w = this.waiters.shift();
        if (w) w.reject(new Refused(m.reason));
        if (m.reason.reason === 'bad_token') {
          // a token from an older table: take a fresh seat (what the host showed of this
          // room's draw stays pinned: a host cannot wipe it by refusing the token)
          this.saved = { room: this.room, pins: this.saved.pins };
          this.persist();
          this.send({ type: 'hello', version: PROTOCOL, room: this.room, name: this.joined.name, join: this.joined.as === 'spectator' ? { as: 'spectator' } : { as: 'player' } });
        } else if (m.reason.reason === 'stale') this.send({ type: 'sync' });
        this.emit('rejected');
        return;
      }
      case 'superseded':
        this.superseded = true;
        this.emit('superseded');
        return;
      case 'countdown':
        this.countdowns.set(m.seat, { seat: m.seat, step: m.step, reason: m.reason, until: Date.now() + m.seconds * 1000 });
        this.emit('countdown');
        return;
      case 'removed':
        this.removed = true;
        this.emit('removed');
        return;
    }
  }

  private load(s: Extract<ServerMsg, { type: 'snapshot' }>['snapshot'], raw: string): void {
    this.room = s.room;
    this.state = s.state;
    this.phase = s.phase;
    this.lobby = s.lobby;
    this.view = s.view ?? null;
    this.undoAsk = s.undo ?? null;
    this.seatAsks = s.seat_asks ?? [];
    this.chat = s.chat;
    // the countdowns running when this device came (back)
    const now = Date.now();
    this.countdowns = new Map((s.countdowns ?? []).map((d) => [d.seat, { seat: d.seat, step: d.step, reason: d.reason, until: now + d.seconds * 1000 }]));
    this.pinSnapshot(s);
    this.commitment = s.commitment;
    this.commitments = s.commitments;
    this.contributions = s.contributions;
    this.result = s.result;
    this.seenTiles = s.history.map((a) => a.tile ?? null);
    this.pendingTile = tileToPlace(s.pending);
    if (s.result) {
      this.keepResult(raw);
      this.checkFair();
    }
    const seat = this.seat;
    if (seat !== null && s.phase === 'drawing') this.drawDuty(!!s.committed[seat], s.commitments !== null, !!s.contributed[seat]);
  }

  /** Pins (see `Pins`) and stores them when they change. */
  private pin(f: (p: Pins) => boolean): void {
    const pins = (this.saved.pins ??= {});
    if (f(pins)) this.persist();
  }

  private pinSnapshot(s: Extract<ServerMsg, { type: 'snapshot' }>['snapshot']): void {
    const { commitment, commitments, contributions, phase, result } = s;
    if (commitment !== null) this.pin((p) => pinCommitment(p, commitment));
    if (commitments !== null) this.pin((p) => pinCommitments(p, commitments));
    // the shares are shown once the game began (none before)
    if (phase === 'playing' || phase === 'over') this.pin((p) => pinContributions(p, contributions));
    if (result) this.pin((p) => pinCommitment(p, result.commitment));
  }

  private checkFair(): void {
    const r = this.result;
    if (!r) return;
    if (this.verifier) {
      this.verifier(this.seenGame())
        .then((f) => {
          this.fair = f;
          if (f.game != null && this.saved.kept === undefined) {
            this.saved.kept = f.game;
            this.persist();
          }
          this.emit('over');
        })
        .catch(() => {
          // the app could not be asked (not a verdict on the host)
          this.fair = { ok: false, problem: { check: 'not_checked' } };
          this.emit('over');
        });
      return;
    }
    this.fair = checkDraws(this.seenGame());
  }

  /** What this page saw of the finished game, for the check of its draws. */
  private seenGame(): SeenGame {
    const seat = this.seat;
    return {
      secret: this.result?.secret ?? '',
      // the commitments and shares as first shown, not as the host repeats them later
      pins: this.saved.pins ?? {},
      contributions: this.result?.contributions ?? [],
      mine: seat !== null && this.saved.share && this.contributions[seat] ? { seat, share: this.saved.share } : null,
      recordSeed: this.recordSeed,
      placed: this.seenTiles.filter((tile): tile is string => tile !== null),
      message: this.resultMessage ?? '',
      seats: this.view?.seats ?? [],
      you: seat,
      kept: this.saved.kept ?? null,
    };
  }
}

function tileToPlace(d: Decision | null | undefined): string | null {
  return d?.kind === 'place_tile' ? d.tile : null;
}

export function speakerName(s: Speaker): string {
  return s.name || '?';
}
