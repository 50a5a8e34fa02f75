// The board described for screen readers (issue 33 item 5): each placed tile names its cell, its
// features as they lie (which sides) and the followers on it and whose; each legal cell lists
// the ways the tile in hand fits it; a hidden paragraph says the decision asked now, the tile
// in hand and the choices. All from the view's facts; the words are i18n's (en/fr-describe.ts).
import type { GameView, PlacedView, PlacementOption, Port, Side, Terrain, TileFeatureInfo, TileInfo } from '../bindings';
import type { Board } from '../board/board';
import { t } from '../i18n/index';
import type { FeatureMark } from '../i18n/en-describe';
import { h } from '../screens/dom';
import { app } from '../state';
import { seatName } from './seats';

const SIDES: readonly Side[] = ['N', 'E', 'S', 'W'];

/** The side a side or port faces once its tile is turned `rotation` quarter turns clockwise. */
export function turnedSide(port: Port | Side, rotation: number): Side {
  const i = SIDES.indexOf(port[0] as Side);
  return SIDES[(((i + rotation) % 4) + 4) % 4] ?? 'N';
}

/** The sides a feature reaches as its tile lies, north first, clockwise. */
function sidesOf(f: TileFeatureInfo, rotation: number): Side[] {
  const turned = new Set(f.ports.map((p) => turnedSide(p, rotation)));
  return SIDES.filter((s) => turned.has(s));
}

function featureWords(f: TileFeatureInfo, rotation: number): string {
  const marks: FeatureMark[] = [...(f.cathedral ? ['cathedral' as const] : []), ...(f.inn ? ['inn' as const] : []), ...(f.besieged ? ['besieged' as const] : [])];
  return t.describeFeature(f.kind, sidesOf(f, rotation), f.pennants ?? 0, marks);
}

/** A placed tile: "Tile at (1, 0): city north; road east and west; … Ann’s meeple on the city north." */
export function tileDescription(view: GameView, p: PlacedView): string {
  const tile = app.tiles.get(p.tile);
  const features = tile?.features.map((f) => featureWords(f, p.rotation)) ?? [];
  const followers = view.followers
    .filter((f) => f.at[0] === p.at[0] && f.at[1] === p.at[1])
    .flatMap((f) => {
      const feature = tile?.features.find((x) => x.id === f.feature_id);
      return feature ? [t.describeFollower(seatName(view, f.seat), f.kind, feature.kind, sidesOf(feature, p.rotation))] : [];
    });
  return t.describeTile(p.at[0], p.at[1], features, followers);
}

/** One way a tile fits: its quarter turns and what each side then shows, grouped by terrain. */
export function rotationDescription(tile: TileInfo, rotation: number): string {
  const bySide = new Map<Terrain, Side[]>();
  for (const s of SIDES) {
    // the side that comes to face `s` once turned
    const from = SIDES[(SIDES.indexOf(s) - rotation + 8) % 4] ?? 'N';
    const terrain = tile.edges[from];
    bySide.set(terrain, [...(bySide.get(terrain) ?? []), s]);
  }
  return t.describeRotation(rotation, [...bySide.entries()]);
}

/** A legal cell with every way the tile in hand fits it. */
export function spotDescription(tileId: string | null, p: PlacementOption): string {
  const tile = tileId ? app.tiles.get(tileId) : undefined;
  return t.describeSpot(p.at[0], p.at[1], tile ? p.rotations.map((r) => rotationDescription(tile, r)) : p.rotations.map((r) => `${r * 90}°`));
}

/** The decision asked now: who and what, the tile in hand and where it fits, or the choices. */
export function decisionDescription(view: GameView, mine: boolean): string {
  const p = view.pending;
  if (view.over) return t.gameOverSoon;
  if (!p) return '';
  const name = seatName(view, p.decision.seat);
  if (p.by_bot) return t.botThinking(name);
  if (!mine) return t.waitingFor(name);
  const tile = p.tile ? app.tiles.get(p.tile) : undefined;
  const choices = p.choices.map((c) => t.choiceLabel(c.label, c.feature_kind));
  return t.describeDecision(t.decisionPrompt(name, p.decision), tile ? t.tileName(tile) : null, p.placements.length, choices);
}

export interface Describer {
  /** The hidden paragraph with the decision (the board's description points at it). */
  readonly el: HTMLElement;
  /**
   * Names every placed tile and legal cell on `board` and says the decision (`mine`: asked of
   * this device), from `view`; a tentative tile is named too, and said as it is put down or turned.
   */
  render(view: GameView, board: Board, mine?: boolean, tentative?: PlacedView | null): void;
}

let uid = 0;

/** The board's descriptions; `decision` false (a replay) leaves the decision out. */
export function createDescriber(decision = true): Describer {
  const id = `decision-description-${++uid}`;
  const said = h('p', { testid: 'decision-description', attrs: { id } });
  // where the tile in hand is put and how it is turned, said as it changes
  const turned = h('p', { testid: 'tentative-description', attrs: { role: 'status' } });
  const el = h('div', { class: 'sr-only' }, said, turned);
  return {
    el,
    render(view, board, mine = false, tentative = null) {
      board.labelTiles((p) => tileDescription(view, p));
      board.svg.setAttribute('aria-label', t.describeBoard(view.tiles.length, view.followers.length));
      if (!decision) return;
      const p = view.pending;
      const placements = new Map((p?.placements ?? []).map((x) => [`${x.at[0]},${x.at[1]}`, x]));
      board.spotLabel((at) => {
        const x = placements.get(`${at[0]},${at[1]}`);
        return x ? spotDescription(p?.tile ?? null, x) : t.placeHere(at[0], at[1]);
      }, t.describeSpots(placements.size));
      said.textContent = decisionDescription(view, mine);
      board.svg.setAttribute('aria-describedby', id);
      const tile = tentative ? app.tiles.get(tentative.tile) : undefined;
      const words = tentative && tile ? t.describeTentative(tentative.at[0], tentative.at[1], rotationDescription(tile, tentative.rotation)) : '';
      const shown = board.svg.querySelector('[data-testid="tentative"]');
      if (shown && words) {
        shown.setAttribute('role', 'img');
        shown.setAttribute('aria-label', words);
      }
      if (turned.textContent !== words) turned.textContent = words;
    },
  };
}
