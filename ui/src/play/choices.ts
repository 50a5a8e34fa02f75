// The decision's buttons and their markers on the board: follower kinds, a follower per feature
// of the tentative (or just placed) tile, "no follower", and the other decisions (the City's,
// escapes, the abbot's recall) as labelled buttons with markers where they act.
import type { ChoiceOption, FollowerKind, PendingView, Pos, TileInfo } from '../bindings';
import { featureAnchor, rotatePoint } from '../art/index';
import { spotAt, type Board, type Marker } from '../board/board';
import { actionKind, canonical, KINDS } from '../board/labels';
import { t } from '../i18n/index';
import { followerIcon, h } from '../screens/dom';
import { app } from '../state';
import type { GameController } from './controller';
import { seatColour, seatName } from './seats';

/** What the builders need: the turn's state, the board (for placed tiles), the buttons' area. */
export interface ChoiceContext {
  ctrl: GameController;
  board: Board;
  area: HTMLElement;
  markers: Marker[];
}

const ARROWS = ['→', '↘', '↓', '↙', '←', '↖', '↑', '↗'];

/** Where a feature's spot lies on the tile, as an arrow from the centre ('·' in the middle). */
function direction(tile: TileInfo | undefined, featureId: string | null, rotation: number): string {
  if (!tile || !featureId) return '';
  const p = rotatePoint(featureAnchor(tile, featureId), rotation);
  const dx = p.x - 50;
  const dy = p.y - 50;
  if (Math.hypot(dx, dy) < 10) return '·';
  const a = Math.round(Math.atan2(dy, dx) / (Math.PI / 4));
  return ARROWS[(a + 8) % 8] ?? '';
}

/** Plays `c` at once (a decision of its own) or chooses it for the tentative tile. */
function pickFor(ctx: ChoiceContext, immediate: boolean): (c: ChoiceOption) => void {
  return (c) => (immediate ? void ctx.ctrl.playChoice(c) : ctx.ctrl.toggleSelected(c));
}

function kindRow(ctx: ChoiceContext, kinds: FollowerKind[], current: FollowerKind, seat: number): HTMLElement {
  const view = ctx.ctrl.view;
  const colour = seatColour(view, seat);
  const left = (k: FollowerKind): number => view.seats[seat]?.supply.find((s) => s.kind === k)?.count ?? 0;
  return h(
    'div',
    { class: 'kind-row', attrs: { role: 'group' } },
    ...kinds.map((k) =>
      h(
        'button',
        {
          type: 'button',
          class: `btn kind${k === current ? ' on' : ''}`,
          testid: 'follower-kind',
          data: { kind: k },
          attrs: { 'aria-pressed': String(k === current), title: t.kindLeft(k, left(k)), 'aria-label': t.kindLeft(k, left(k)) },
          on: { click: () => ctx.ctrl.setKind(k) },
        },
        followerIcon(k, colour, 24, false, seat),
        h('span', { class: 'label long' }, t.kindLeft(k, left(k))),
        h('span', { class: 'label short', attrs: { 'aria-hidden': 'true' } }, t.countShort(left(k))),
      ),
    ),
  );
}

interface TileAt {
  tileId: string;
  at: Pos;
  rotation: number;
}

/** One follower's button, and its marker on the tile's feature. */
function followerButton(ctx: ChoiceContext, c: ChoiceOption, shown: ChoiceOption[], place: TileAt, seat: number, pick: (c: ChoiceOption) => void): HTMLElement {
  const kind = ctx.ctrl.kind;
  const colour = seatColour(ctx.ctrl.view, seat);
  const tile = app.tiles.get(place.tileId);
  const dup = shown.filter((x) => x.feature_kind === c.feature_kind).length > 1;
  const arrow = dup ? ` ${direction(tile, c.feature_id, place.rotation)}` : '';
  const on = ctx.ctrl.isSelected(c);
  const fid = c.feature_id ?? '';
  if (tile && c.feature_id) {
    const p = spotAt(tile, c.feature_id, c.at ?? place.at, place.rotation);
    ctx.markers.push({ x: p.x, y: p.y, testid: 'follower-spot', data: { 'feature-id': fid, kind, action: canonical(c.action) }, colour, seat, kind, selected: on, label: t.choiceLabel(c.label, c.feature_kind), onPick: () => pick(c) });
  }
  return h(
    'button',
    {
      type: 'button',
      class: `btn choice-btn${on ? ' on' : ''}${ctx.ctrl.isHinted(c) ? ' hinted' : ''}`,
      testid: 'follower-choice',
      data: { featureId: fid, kind, action: canonical(c.action) },
      // the whole label on hover (and as the button's description) when the short one shows
      attrs: { 'aria-pressed': String(on), title: `${t.choiceLabel(c.label, c.feature_kind)}${arrow}` },
      on: { click: () => pick(c) },
    },
    followerIcon(kind, colour, 22, c.feature_kind === 'field', seat),
    h('span', { class: 'label long' }, t.choiceLabel(c.label, c.feature_kind), arrow),
    h('span', { class: 'label short' }, t.featureShort(c.feature_kind ?? ''), arrow),
  );
}

/** "No follower": always offered while the tile is tentative. */
function passButton(ctx: ChoiceContext, choices: ChoiceOption[], immediate: boolean): HTMLElement | null {
  const pass = choices.find((c) => c.action.type === 'pass') ?? (immediate ? undefined : { action: { type: 'pass' as const }, at: null, feature_id: null, feature_kind: null, label: { kind: 'pass' as const, declined: 'deploy' as const } });
  if (!pass) return null;
  const sel = ctx.ctrl.selected;
  const on = !immediate && (sel === null || sel.action.type === 'pass');
  return h(
    'button',
    {
      type: 'button',
      class: `btn choice-btn no-follower${on ? ' on' : ''}`,
      testid: 'no-follower',
      data: { action: canonical(pass.action) },
      attrs: { 'aria-pressed': String(on) },
      on: { click: () => (immediate ? void ctx.ctrl.playChoice(pass) : ctx.ctrl.clearSelected()) },
    },
    h('span', { class: 'label' }, t.choiceLabel(pass.label, pass.feature_kind)),
  );
}

/** The follower choices of a tile: kinds, one button per feature, no follower, the rest. */
function followerControls(ctx: ChoiceContext, choices: ChoiceOption[], place: TileAt, immediate: boolean, seat: number): HTMLElement[] {
  const out: HTMLElement[] = [];
  const deploys = choices.filter((c) => c.action.type === 'deploy');
  const kinds = KINDS.filter((k) => deploys.some((c) => actionKind(c.action) === k));
  const kind = ctx.ctrl.effectiveKind(kinds);
  if (kinds.length > 1) out.push(kindRow(ctx, kinds, kind, seat));
  const pick = pickFor(ctx, immediate);
  const row = h('div', { class: 'follower-row' });
  const shown = deploys.filter((c) => actionKind(c.action) === kind);
  for (const c of shown) row.appendChild(followerButton(ctx, c, shown, place, seat, pick));
  const pass = passButton(ctx, choices, immediate);
  if (pass) row.appendChild(pass);
  for (const c of choices.filter((c) => c.action.type !== 'deploy' && c.action.type !== 'pass')) row.appendChild(choiceButton(ctx, c, immediate));
  out.push(row);
  return out;
}

function choiceButton(ctx: ChoiceContext, c: ChoiceOption, immediate: boolean): HTMLElement {
  const ctrl = ctx.ctrl;
  const on = !immediate && ctrl.isSelected(c);
  const k = actionKind(c.action);
  return h(
    'button',
    {
      type: 'button',
      class: `btn choice-btn${on ? ' on' : ''}${ctrl.isHinted(c) ? ' hinted' : ''}`,
      testid: 'choice',
      data: { action: canonical(c.action) },
      attrs: { 'aria-pressed': immediate ? null : String(on) },
      on: { click: () => pickFor(ctx, immediate)(c) },
    },
    k ? followerIcon(k, seatColour(ctrl.view, ctrl.pending?.decision.seat), 22, c.feature_kind === 'field', ctrl.pending?.decision.seat ?? null) : null,
    h('span', { class: 'label' }, t.choiceLabel(c.label, c.feature_kind)),
  );
}

/** Markers where a decision's choices act on placed tiles (several choices may share one). */
function choiceMarkers(ctx: ChoiceContext, hp: PendingView): void {
  const byPlace = new Map<string, ChoiceOption[]>();
  for (const c of hp.choices)
    if (c.at && c.feature_id) {
      const k = `${c.at[0]},${c.at[1]}/${c.feature_id}`;
      byPlace.set(k, [...(byPlace.get(k) ?? []), c]);
    }
  for (const cs of byPlace.values()) {
    const c = cs[0]!;
    const placed = ctx.board.placedAt(c.at!);
    const tile = placed ? app.tiles.get(placed.tile) : undefined;
    if (!tile || !placed) continue;
    const pt = spotAt(tile, c.feature_id!, c.at!, placed.rotation);
    ctx.markers.push({
      x: pt.x,
      y: pt.y,
      testid: 'choice-spot',
      data: { 'feature-id': c.feature_id!, action: canonical(c.action) },
      colour: seatColour(ctx.ctrl.view, hp.decision.seat),
      seat: hp.decision.seat,
      kind: actionKind(c.action),
      selected: false,
      label: cs.map((x) => t.choiceLabel(x.label, x.feature_kind)).join(' / '),
      onPick: () => {
        if (cs.length === 1) void ctx.ctrl.playChoice(c);
        else
          for (const b of ctx.area.querySelectorAll<HTMLElement>('[data-testid="choice"]'))
            b.classList.toggle('hinted', cs.some((x) => canonical(x.action) === b.dataset.action));
      },
    });
  }
}

/** A decision that is not a placement, made by a person at this device. */
function otherDecision(ctx: ChoiceContext, hp: PendingView): HTMLElement[] {
  const ctrl = ctx.ctrl;
  const parts: HTMLElement[] = [];
  const seat = hp.decision.seat;
  if (ctrl.turnSeat !== null && ctrl.turnSeat !== seat && ctrl.humans() > 1)
    parts.push(h('p', { class: 'pass-note', testid: 'pass-device' }, t.passDevice(seatName(ctrl.view, seat))));
  if (hp.decision.kind === 'deploy') {
    const at = hp.decision.at;
    const placed = ctx.board.placedAt(at);
    parts.push(...followerControls(ctx, hp.choices, { tileId: placed?.tile ?? '', at, rotation: placed?.rotation ?? 0 }, true, seat));
  } else {
    parts.push(h('div', { class: 'choice-row' }, ...hp.choices.map((c) => choiceButton(ctx, c, true))));
    choiceMarkers(ctx, hp);
  }
  return parts;
}

/** The choice area's contents for the current state; markers go to `ctx.markers`. */
export function decisionParts(ctx: ChoiceContext): HTMLElement[] {
  const ctrl = ctx.ctrl;
  const hp = ctrl.humanPending();
  const tt = ctrl.tentative;
  const tileId = ctrl.tileId();
  if (hp && hp.placements.length && tt && tileId) {
    if (!ctrl.preview) return [h('div', { class: 'follower-row loading' }, t.loading)];
    return followerControls(ctx, ctrl.preview, { tileId, at: tt.at, rotation: tt.rotation }, false, hp.decision.seat);
  }
  if (hp && !hp.placements.length) return otherDecision(ctx, hp);
  return [];
}
