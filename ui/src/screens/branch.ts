// Play on from here: from a point of a replayed game, a new pass-and-play game that starts
// there (the same seed, so the same tiles come), each seat kept or changed (a profile, a guest,
// a bot); the new game is recorded as a branch of the one replayed.
import { call } from '../api';
import type { GameView, SeatRequest } from '../bindings';
import { t } from '../i18n/index';
import { seatRow } from '../setup/seats';
import type { SetupModel } from '../setup/model';
import { emptySetup } from '../setup/model';
import { button, h } from './dom';
import { go } from './nav';
import { showError } from './toast';

/** The seats of a game as a new game would ask for them. */
export function seatsOf(view: GameView): SeatRequest[] {
  return view.seats.map((s) =>
    s.bot !== null ? { type: 'bot', bot: s.bot, colour: s.colour } : s.profile !== null ? { type: 'human', profile: s.profile } : { type: 'guest', name: s.name, colour: s.colour },
  );
}

/** Opens the dialog for the game `game` at action `at`, seen as `view`. */
export async function playOnFrom(game: number, at: number, view: GameView): Promise<void> {
  let profiles;
  try {
    profiles = await call('profiles');
  } catch (e) {
    showError(e);
    return;
  }
  const m: SetupModel = { setup: { ...emptySetup(), seats: seatsOf(view) }, profiles };
  const list = h('ol', { class: 'seat-list branch-seats' });
  const draw = (): void => {
    list.replaceChildren(...m.setup.seats.map((s, i) => seatRow(m, s, i, draw)));
  };
  draw();
  const close = (): void => {
    overlay.remove();
    document.removeEventListener('keydown', onKey, true);
  };
  const onKey = (ev: KeyboardEvent): void => {
    if (ev.key !== 'Escape') return;
    ev.stopPropagation();
    close();
  };
  const start = async (): Promise<void> => {
    try {
      const next = await call('branch_game', { game, at, seats: m.setup.seats });
      close();
      go({ name: 'game', view: next });
    } catch (e) {
      showError(e);
    }
  };
  const overlay = h(
    'div',
    { class: 'modal-overlay', on: { click: (ev) => ev.target === overlay && close() } },
    h(
      'div',
      { class: 'modal branch-dialog', testid: 'branch-dialog', attrs: { role: 'dialog', 'aria-modal': 'true', 'aria-label': t.branchTitle } },
      h('h2', {}, t.branchTitle),
      h('p', {}, t.branchNote),
      list,
      h(
        'div',
        { class: 'modal-buttons' },
        h('button', { type: 'button', class: 'btn', testid: 'branch-cancel', on: { click: close } }, t.cancel),
        button(t.branchStart, { class: 'btn primary', testid: 'branch-start', on: { click: () => void start() } }, 'play'),
      ),
    ),
  );
  document.body.appendChild(overlay);
  document.addEventListener('keydown', onKey, true);
}
