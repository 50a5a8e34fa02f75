// The tray under (or beside) the board: the choices' area, the tile in hand (turned the short
// way round), rotate / take back / confirm, and the hint button with its suggestions.
import { tileGroup } from '../art/index';
import { el } from '../art/svg';
import type { Hint } from '../bindings';
import { spotAt, type Board } from '../board/board';
import { canonical } from '../board/labels';
import { t } from '../i18n/index';
import { button, h } from '../screens/dom';
import { aidsAllowed, app } from '../state';
import type { GameController } from './controller';
import { seatColour, seatName } from './seats';

export interface Tray {
  readonly el: HTMLElement;
  /** Where the decision's buttons go. */
  readonly choiceArea: HTMLElement;
  readonly hand: HTMLElement;
  /** The hand, the buttons' states and the hints, from the controller's state. */
  render(ctrl: GameController, board: Board): void;
}

/** The tile in hand: a picture that turns the short way round to each new rotation. */
function createHand(onClick: () => void): { el: HTMLElement; set(tileId: string | null, rotation: number, waiting: boolean): void } {
  const svg = el('svg', { viewBox: '-4 -4 108 108', class: 'hand-tile', role: 'img', 'aria-label': t.yourTile });
  const inner = el('g', {}, svg);
  const hand = h('div', { class: 'hand', testid: 'hand', attrs: { title: t.yourTile } }, svg);
  hand.addEventListener('click', onClick);
  let turns = 0; // cumulative quarter turns (for a smooth CSS turn)
  return {
    el: hand,
    set(tileId, rotation, waiting) {
      const tile = tileId ? app.tiles.get(tileId) : undefined;
      if (hand.dataset.tile !== (tileId ?? '')) {
        inner.replaceChildren();
        hand.dataset.tile = tileId ?? '';
        if (tile) inner.appendChild(tileGroup(tile, { frame: true }));
        turns = rotation;
        svg.style.transition = 'none';
      } else {
        const cur = ((turns % 4) + 4) % 4;
        let d = (rotation - cur + 4) % 4;
        if (d === 3) d = -1;
        turns += d;
        svg.style.transition = '';
      }
      hand.hidden = !tile;
      hand.dataset.rotation = String(rotation);
      svg.style.transform = `rotate(${turns * 90}deg)`;
      hand.classList.toggle('waiting', waiting);
    },
  };
}

/** A hint's move in words: the cell, the turn and the follower, or the choice it advises. */
function hintText(x: Hint): string {
  const c = x.choice;
  const deploy = c?.action.type === 'deploy' ? c.action : null;
  if (x.placement) return t.hintMove(x.placement.at[0], x.placement.at[1], x.placement.rotation, deploy ? { kind: deploy.follower, feature: c?.feature_kind ?? null } : null);
  return c ? t.choiceLabel(c.label, c.feature_kind) : t.hintNoReason;
}

/** The hint's sentence and, on the board, its tile's ghost in the cell and its follower's spot. */
function renderHint(ctrl: GameController, board: Board, list: HTMLElement): void {
  const x = ctrl.hint;
  const seat = ctrl.humanPending()?.decision.seat ?? 0;
  const name = (s: number): string => seatName(ctrl.view, s);
  const first = x?.reasons[0];
  list.replaceChildren(
    ...(x
      ? [
          h(
            'button',
            { type: 'button', class: 'btn hint-item', testid: 'hint-item', data: { action: canonical(x.actions[0]!) }, on: { click: () => ctrl.useHint() } },
            h('span', { class: 'label hint-move', testid: 'hint-move' }, hintText(x)),
            h('span', { class: 'hint-reason', testid: 'hint-reason' }, first ? t.reason(first, name) : t.hintNoReason),
          ),
        ]
      : []),
  );
  const tile = ctrl.tileId();
  const p = x?.placement;
  const c = x?.choice;
  const info = tile ? app.tiles.get(tile) : undefined;
  const deploy = c?.action.type === 'deploy' ? c.action : null;
  const spot =
    p && info && deploy && c?.feature_id
      ? { ...spotAt(info, c.feature_id, p.at, p.rotation), kind: deploy.follower, colour: seatColour(ctrl.view, seat), seat }
      : null;
  board.setHint(p && tile ? { tile, at: p.at, rotation: p.rotation, spot } : null);
}

export function createTray(ctrl: GameController): Tray {
  const hand = createHand(() => ctrl.rotate());
  const rotateBtn = button(t.rotate, { class: 'btn action', testid: 'rotate', attrs: { 'aria-keyshortcuts': 'R' }, on: { click: () => ctrl.rotate() } }, 'rotate');
  const takeBackBtn = button(t.takeBack, { class: 'btn action', testid: 'take-back', attrs: { 'aria-keyshortcuts': 'Escape' }, on: { click: () => ctrl.takeBack() } }, 'takeBack');
  const confirmBtn = button(t.confirm, { class: 'btn action primary', testid: 'confirm', attrs: { 'aria-keyshortcuts': 'Enter' }, on: { click: () => void ctrl.confirm() } }, 'confirm');
  const choiceArea = h('div', { class: 'choice-area' });
  const hintBtn = button(t.hint, { class: 'btn action hint-btn', testid: 'hint', on: { click: () => void ctrl.askHint() } }, 'bulb');
  const hintList = h('div', { class: 'hint-list' });
  const hintArea = h('div', { class: 'hint-area' }, hintList);
  const tray = h(
    'section',
    { class: 'tray' },
    choiceArea,
    h('div', { class: 'hand-row' }, hand.el, h('div', { class: 'main-actions' }, rotateBtn, takeBackBtn, confirmBtn, hintBtn)),
    hintArea,
  );
  return {
    el: tray,
    choiceArea,
    hand: hand.el,
    render(ctrl, board) {
      const tt = ctrl.tentative;
      const hp = ctrl.humanPending();
      hand.set(ctrl.tileId(), tt ? tt.rotation : ctrl.handRotation, !hp);
      const canPlace = ctrl.canPlace();
      rotateBtn.disabled = !canPlace || (tt ? tt.rotations.length < 2 : ctrl.handRotations().length < 2);
      takeBackBtn.disabled = !canPlace || !tt;
      confirmBtn.disabled = !canPlace || !tt;
      confirmBtn.classList.toggle('ready', !!tt && !ctrl.busy);
      const aids = app.settings.learning_aids && aidsAllowed(ctrl.view);
      hintBtn.hidden = !aids || !ctrl.source.hint;
      hintBtn.disabled = ctrl.busy || !hp;
      hintArea.hidden = !aids || !hp || !ctrl.hint;
      renderHint(ctrl, board, hintList);
    },
  };
}
