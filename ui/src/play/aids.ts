// The learning aids the engine computes, drawn: holes and single-fit cells on the board
// (GameView.hard_cells), what a follower's feature would score (GameView.projection) in a
// small popover when the follower is tapped, and the farm view (GameView.farms: fields in
// their owners' colours, the cities they supply marked), switched by a board button or V.
// The numbers are the API's; nothing is counted here.
import { call } from '../api';
import type { FeatureProjectionView, FollowerView, GameView, HardCellView, Settings } from '../bindings';
import type { Board } from '../board/board';
import type { FarmMark, FarmShade } from '../board/farms';
import { t } from '../i18n/index';
import { button, h } from '../screens/dom';
import { showError } from '../screens/toast';
import { aidsAllowed, app } from '../state';
import { seatColour, seatName } from './seats';

const same = (a: FollowerView, b: FollowerView): boolean => a.at[0] === b.at[0] && a.at[1] === b.at[1] && a.feature_id === b.feature_id && a.seat === b.seat;

/** The projected feature a follower stands on, if the view has one for it. */
export function featureOf(view: GameView, f: FollowerView): FeatureProjectionView | undefined {
  return view.projection?.features.find((p) => p.followers.some((x) => same(x, f)));
}

function holeLabel(c: HardCellView): string {
  if (c.fit === 'dead') return t.holeDead(c.at[0], c.at[1]);
  const name = (c.tile && app.tiles.get(c.tile)?.name) ?? c.tile ?? '';
  return t.holeSingle(c.at[0], c.at[1], name);
}

/** Saves one aid's switch with the other settings as they are now. */
async function saveAid(patch: Partial<Settings>): Promise<void> {
  const latest = await call('settings');
  app.settings = await call('save_settings', { ...latest, ...patch });
}

export interface Aids {
  /** The switches, for the info panel. */
  readonly toggles: HTMLElement;
  /** The farm view's switch, for the board's corner (hidden without farmers). */
  readonly farmButton: HTMLButtonElement;
  /** Turns the farm view on or off (the V key); nothing without farmers. */
  toggleFarms(): void;
  /** Draws the holes of a view (or none, switched off) and closes a popover of an older view. */
  render(view: GameView): void;
  dispose(): void;
}

/** The popover of one follower: what its feature would score if the game ended now, and if completed. */
function popover(view: GameView, f: FollowerView, p: FeatureProjectionView | undefined): HTMLElement {
  const names = (seats: number[]): string[] => seats.map((s) => seatName(view, s));
  const lines = p
    ? [
        h('strong', {}, t.projectionTitle(p.kind)),
        h('span', { testid: 'projection-end', data: { points: p.at_end.points } }, t.projectionAtEnd(p.at_end.points, names(p.at_end.winners))),
        p.if_completed
          ? h('span', { testid: 'projection-completed', data: { points: p.if_completed.points } }, t.projectionIfCompleted(p.if_completed.points))
          : h('span', { class: 'note' }, t.projectionNever),
      ]
    : [h('span', {}, t.projectionNone)];
  return h(
    'div',
    { class: 'projection-pop', testid: 'projection', data: { x: f.at[0], y: f.at[1], feature: f.feature_id }, attrs: { role: 'status' } },
    ...lines,
  );
}

/** The fields and supplied cities of a view, as the board draws them. */
function farmShapes(view: GameView): { fields: FarmShade[]; marks: FarmMark[] } {
  const farms = view.farms;
  if (!farms) return { fields: [], marks: [] };
  const names = (seats: number[]): string[] => seats.map((s) => seatName(view, s));
  const fields = farms.fields.map((f) => ({
    id: f.id,
    segments: f.segments,
    owners: f.owners,
    colours: f.owners.map((s) => seatColour(view, s)),
    label: f.owners.length ? t.fieldOwned(names(f.owners), f.points) : t.fieldUnowned,
  }));
  const marks = farms.cities.flatMap((c, i) => {
    const seg = c.segments[0];
    if (!seg) return [];
    const paid = [...new Set(farms.fields.filter((f) => f.cities.includes(i)).flatMap((f) => f.owners))].sort((a, b) => a - b);
    return [{ at: seg.at, featureId: seg.feature_id, colours: paid.map((s) => seatColour(view, s)), label: t.farmCity(names(paid)) }];
  });
  return { fields, marks };
}

/** Puts the popover next to the follower, inside the window. */
function place(pop: HTMLElement, target: Element): void {
  const r = target.getBoundingClientRect();
  const w = pop.offsetWidth;
  const hgt = pop.offsetHeight;
  const x = Math.min(Math.max(8, r.left + r.width / 2 - w / 2), window.innerWidth - w - 8);
  const below = r.bottom + 8 + hgt < window.innerHeight;
  const y = below ? r.bottom + 8 : Math.max(8, r.top - hgt - 8);
  pop.style.left = `${x}px`;
  pop.style.top = `${y}px`;
}

/** Wires the aids to a game's board; `view` gives the view on screen, `changed` redraws after a switch. */
export function createAids(board: Board, view: () => GameView, changed: () => void): Aids {
  let open: HTMLElement | null = null;
  const close = (): void => {
    open?.remove();
    open = null;
  };
  const onDown = (ev: PointerEvent): void => {
    if (open && !(ev.target instanceof Node && open.contains(ev.target))) close();
  };
  const onKey = (ev: KeyboardEvent): void => {
    if (ev.key === 'Escape' && open) {
      ev.stopPropagation();
      close();
    }
  };
  document.addEventListener('pointerdown', onDown, true);
  document.addEventListener('keydown', onKey, true);
  const followerLabel = (f: FollowerView): string => t.followerProjection(seatName(view(), f.seat));
  const onFollower = (f: FollowerView, target: Element): void => {
    const v = view();
    if (v.over || !v.projection || !aidsAllowed(v)) return;
    close();
    open = popover(v, f, featureOf(v, f));
    document.body.appendChild(open);
    place(open, target);
  };
  const toggle = (testid: string, label: string, get: () => boolean, patch: (on: boolean) => Partial<Settings>): HTMLElement => {
    const box = h('input', { type: 'checkbox', testid, checked: get() });
    box.addEventListener('change', () => {
      Object.assign(app.settings, patch(box.checked));
      changed();
      void saveAid(patch(box.checked)).catch(showError);
    });
    return h('label', { class: 'aid-toggle' }, box, h('span', {}, label));
  };
  const toggles = h(
    'div',
    { class: 'aids-panel' },
    h('h2', {}, t.aidsTitle),
    toggle('aid-holes', t.showHoles, () => app.settings.show_holes !== false, (on) => ({ show_holes: on })),
    toggle('aid-projection', t.showProjection, () => app.settings.show_projection === true, (on) => ({ show_projection: on })),
  );
  let farmsOn = false;
  const farmButton = button('', { class: 'icon-btn farm-toggle', testid: 'farm-toggle', attrs: { 'aria-label': t.farmView, title: t.farmView, 'aria-pressed': 'false', 'aria-keyshortcuts': 'V' } }, 'farm');
  const drawFarms = (v: GameView): void => {
    farmButton.hidden = !v.farms || !aidsAllowed(v);
    farmButton.setAttribute('aria-pressed', String(farmsOn && !!v.farms));
    const { fields, marks } = farmsOn && aidsAllowed(v) ? farmShapes(v) : { fields: [], marks: [] };
    board.setFarms(fields, marks);
  };
  const toggleFarms = (): void => {
    if (!view().farms || !aidsAllowed(view())) return;
    farmsOn = !farmsOn;
    drawFarms(view());
  };
  farmButton.addEventListener('click', toggleFarms);
  return {
    toggles,
    farmButton,
    toggleFarms,
    render(v) {
      close();
      const allowed = aidsAllowed(v);
      toggles.hidden = !allowed;
      // followers say what they would score only with aids (set before the board draws them)
      board.onFollower = allowed ? onFollower : null;
      board.followerLabel = allowed ? followerLabel : null;
      board.setHoles(app.settings.show_holes !== false && allowed ? v.hard_cells : [], holeLabel);
      drawFarms(v);
    },
    dispose() {
      close();
      document.removeEventListener('pointerdown', onDown, true);
      document.removeEventListener('keydown', onKey, true);
    },
  };
}
