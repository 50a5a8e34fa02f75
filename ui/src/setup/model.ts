// The new-game screen's setup, without the DOM: the default setup, a remembered setup made
// valid again (deleted profiles, unknown bots and sets), seats added and colours kept apart.
import type { NewGameRequest, ProfileCard, SeatRequest } from '../bindings';
import { fullOptions } from '../screens/options';
import { app } from '../state';

/** The setup being edited and the profiles it may seat. */
export interface SetupModel {
  setup: NewGameRequest;
  profiles: ProfileCard[];
}

export function emptySetup(): NewGameRequest {
  return { seats: [], order: 'as_listed', sets: [], options: fullOptions(), seed: null };
}

/** The colour a seat plays with: a bot's or a guest's own, or its profile's. */
export function seatColour(s: SeatRequest, profiles: ProfileCard[]): string {
  if (s.type !== 'human') return s.colour;
  return profiles.find((p) => p.profile.id === s.profile)?.profile.colour ?? '#888888';
}

/** The first colour no other seat (but `except`) plays with. */
export function freeColour(seats: SeatRequest[], profiles: ProfileCard[], except = -1): string {
  const used = new Set(seats.map((s, i) => (i === except ? '' : seatColour(s, profiles))));
  return app.info.colours.find((c) => !used.has(c)) ?? app.info.colours[0] ?? '#1f6fd1';
}

/** The bot a new seat gets (the second level if there is one). */
const defaultBot = (): string => app.info.bots[1]?.id ?? app.info.bots[0]?.id ?? 'random';

/** The setup of a first visit: the first two profiles, or a guest when there is none, then bots. */
export function defaultSetup(profiles: ProfileCard[], guestName: string): NewGameRequest {
  const seats: SeatRequest[] = [];
  for (const p of profiles.slice(0, 2)) seats.push({ type: 'human', profile: p.profile.id });
  if (!seats.length) seats.push({ type: 'guest', name: guestName, colour: freeColour(seats, profiles) });
  while (seats.length < app.info.min_players) seats.push({ type: 'bot', bot: defaultBot(), colour: freeColour(seats, profiles) });
  return { ...emptySetup(), seats };
}

/** The setup to show: `given`, with seats of deleted profiles replaced and unknown sets dropped. */
export function sanitize(given: NewGameRequest, profiles: ProfileCard[]): NewGameRequest {
  const seats: SeatRequest[] = [];
  for (const s of given.seats) {
    if (s.type === 'human' && !profiles.some((p) => p.profile.id === s.profile)) {
      const free = profiles.find((p) => !seats.some((x) => x.type === 'human' && x.profile === p.profile.id));
      seats.push(free ? { type: 'human', profile: free.profile.id } : { type: 'bot', bot: app.info.bots[0]?.id ?? 'random', colour: freeColour(seats, profiles) });
    } else if (s.type === 'bot' && !app.info.bots.some((b) => b.id === s.bot)) {
      seats.push({ type: 'bot', bot: app.info.bots[0]?.id ?? 'random', colour: s.colour });
    } else seats.push({ ...s });
  }
  const known = new Set(app.info.expansions.map((e) => e.id));
  return {
    seats,
    order: given.order,
    sets: given.sets.filter((s) => known.has(s)),
    options: fullOptions(given.options),
    seed: null,
  };
}

/** Adds a seat: the next profile not seated yet, else a bot. */
export function addSeat(m: SetupModel): void {
  const seats = m.setup.seats;
  if (seats.length >= app.info.max_players) return;
  const free = m.profiles.find((p) => !seats.some((s) => s.type === 'human' && s.profile === p.profile.id));
  seats.push(free ? { type: 'human', profile: free.profile.id } : { type: 'bot', bot: defaultBot(), colour: freeColour(seats, m.profiles) });
}

/** A seat's own colour when it has one (a bot's, a guest's), else a free one. */
function keptColour(m: SetupModel, i: number): string {
  const prev = m.setup.seats[i];
  return prev && prev.type !== 'human' ? prev.colour : freeColour(m.setup.seats, m.profiles, i);
}

/**
 * Seat `i` becomes `choice` ("profile:ID", "bot:ID" or "guest:"); a bot or a guest keeps the
 * seat's colour if it had one, a guest gets `guestName`.
 */
export function setSeat(m: SetupModel, i: number, choice: string, guestName = ''): void {
  const [kind, id] = choice.split(/:(.*)/s) as [string, string];
  if (kind === 'profile') m.setup.seats[i] = { type: 'human', profile: Number(id) };
  else if (kind === 'guest') m.setup.seats[i] = { type: 'guest', name: guestName, colour: keptColour(m, i) };
  else m.setup.seats[i] = { type: 'bot', bot: id, colour: keptColour(m, i) };
}
