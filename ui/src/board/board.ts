// The board: every placed tile drawn with the tile art in one SVG, with pan and zoom (mouse
// drag and wheel, one-finger drag and two-finger pinch, keys through the methods), legal cells,
// the tentative tile, followers, markers for choices, and scoring highlights.
// Tiles are drawn once per tile type (<defs>) and placed with <use>; new tiles are added
// incrementally, so a 150-tile board re-renders cheaply.
import { featureAnchor, followerSvg, rotatePoint, rotationTransform, tileGroup } from '../art/index';
import { el } from '../art/svg';
import { drawFarms, type FarmMark, type FarmShade } from './farms';
import type { FollowerKind, FollowerView, HardCellView, PlacedView, PlacementOption, Pos, SeatView, TileInfo } from '../bindings';

export const CELL = 100;
const key = (p: Pos): string => `${p[0]},${p[1]}`;
let boardUid = 0;

export interface Marker {
  /** World position (board units: a cell is 100). */
  x: number;
  y: number;
  testid: string;
  data: Record<string, string>;
  colour: string;
  /** The seat whose mark the piece carries (its shape tells seats apart without colour). */
  seat: number | null;
  kind: FollowerKind | null;
  selected: boolean;
  label: string;
  onPick: () => void;
}

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface BoardOptions {
  interactive: boolean;
  tiles: Map<string, TileInfo>;
  label: string;
  /** A static board whose tiles are named one by one (a replay): a group, not one picture. */
  described?: boolean;
}

/** The world position of a feature's follower spot on a tile placed at `at` with `rotation`. */
export function spotAt(tile: TileInfo, featureId: string, at: Pos, rotation: number): { x: number; y: number } {
  const p = rotatePoint(featureAnchor(tile, featureId), rotation);
  return { x: at[0] * CELL + p.x, y: at[1] * CELL + p.y };
}

export class Board {
  readonly svg: SVGSVGElement;
  private readonly cam: SVGGElement;
  private readonly defs: SVGDefsElement;
  private readonly L: Record<'shadows' | 'tiles' | 'farms' | 'holes' | 'last' | 'mark' | 'flash' | 'hints' | 'spots' | 'ghost' | 'tentative' | 'followers' | 'markers' | 'floats', SVGGElement>;
  private readonly uid = ++boardUid;
  private readonly symbols = new Map<string, string>();
  private readonly placed = new Map<string, { view: PlacedView; g: SVGGElement }>();
  private readonly opts: BoardOptions;
  scale = 0.9;
  /** Set once the player pans or zooms: the game stops framing the table by itself. */
  userMoved = false;
  tx = 0;
  ty = 0;
  private anim = 0;
  private gliding = false;
  onSpot: ((at: Pos, byKey: boolean) => void) | null = null;
  onSpotHover: ((at: Pos | null) => void) | null = null;
  onTentative: (() => void) | null = null;
  onMarkerHover: ((action: string | null) => void) | null = null;
  /** A follower tapped or clicked (Enter on a focused one: `byKey`); unset, followers ignore the pointer. */
  onFollower: ((f: FollowerView, target: Element, byKey: boolean) => void) | null = null;
  /** The accessible name of a follower that can be tapped. */
  followerLabel: ((f: FollowerView) => string) | null = null;
  /** After the board changed size (a window resized, a phone turned, a panel grown). */
  onResized: (() => void) | null = null;
  /** After the camera moved (a pan, a zoom, a glide's every step). */
  onMoved: (() => void) | null = null;
  private spotCells: Pos[] = [];
  private resize: ResizeObserver | null = null;
  private lastSize = { w: 0, h: 0 };

  constructor(opts: BoardOptions) {
    this.opts = opts;
    this.svg = el('svg', {
      class: `board ${opts.interactive ? 'interactive' : 'static'}`,
      'data-testid': opts.interactive ? 'board' : 'final-board',
      role: opts.interactive || opts.described ? 'group' : 'img',
      'aria-label': opts.label,
      xmlns: 'http://www.w3.org/2000/svg',
    });
    this.defs = el('defs', {}, this.svg);
    // the hatching of a hole (a dead cell): lines, not a colour, so it reads without colour
    const hatch = el('pattern', { id: `hatch${this.uid}`, width: 12, height: 12, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' }, this.defs);
    el('line', { x1: 0, y1: 0, x2: 0, y2: 12, stroke: 'rgba(60,30,10,0.55)', 'stroke-width': 4 }, hatch);
    this.cam = el('g', { class: 'camera' }, this.svg);
    const layer = (name: string): SVGGElement => el('g', { class: `layer-${name}` }, this.cam);
    this.L = {
      shadows: layer('shadows'),
      tiles: layer('tiles'),
      farms: layer('farms'),
      holes: layer('holes'),
      last: layer('last'),
      mark: layer('mark'),
      flash: layer('flash'),
      hints: layer('hints'),
      spots: layer('spots'),
      ghost: layer('ghost'),
      tentative: layer('tentative'),
      followers: layer('followers'),
      markers: layer('markers'),
      floats: layer('floats'),
    };
    this.L.ghost.setAttribute('pointer-events', 'none');
    this.L.flash.setAttribute('pointer-events', 'none');
    this.L.mark.setAttribute('pointer-events', 'none');
    this.L.floats.setAttribute('pointer-events', 'none');
    this.L.hints.setAttribute('pointer-events', 'none');
    this.L.followers.setAttribute('pointer-events', 'none');
    if (opts.interactive) {
      this.pointerInput();
      this.resize = new ResizeObserver(() => this.onResize());
      this.resize.observe(this.svg);
      this.L.spots.addEventListener('click', (ev) => {
        const at = this.cellOf(ev.target);
        if (at) this.onSpot?.(at, false);
      });
      this.L.spots.addEventListener('keydown', (ev) => {
        if (ev.key !== 'Enter' && ev.key !== ' ') return;
        const at = this.cellOf(ev.target);
        if (!at) return;
        ev.preventDefault();
        ev.stopPropagation();
        this.onSpot?.(at, true);
      });
      this.L.spots.addEventListener('pointerover', (ev) => {
        if (ev.pointerType === 'mouse') this.onSpotHover?.(this.cellOf(ev.target));
      });
      this.L.spots.addEventListener('pointerout', (ev) => {
        if (ev.pointerType === 'mouse') this.onSpotHover?.(null);
      });
      this.L.tentative.addEventListener('click', () => this.onTentative?.());
    }
  }

  destroy(): void {
    this.resize?.disconnect();
    cancelAnimationFrame(this.anim);
  }

  private cellOf(target: EventTarget | null): Pos | null {
    const e = target instanceof Element ? target.closest('[data-testid="spot"]') : null;
    if (!e) return null;
    return [Number(e.getAttribute('data-x')), Number(e.getAttribute('data-y'))];
  }

  // ---------------------------------------------------------------------------- tiles

  private symbol(tileId: string): string | null {
    const have = this.symbols.get(tileId);
    if (have) return have;
    const tile = this.opts.tiles.get(tileId);
    if (!tile) return null;
    const id = `tt${this.uid}-${this.symbols.size}`;
    const g = tileGroup(tile, { frame: true });
    g.setAttribute('id', id);
    this.defs.appendChild(g);
    this.symbols.set(tileId, id);
    return id;
  }

  /** A <use> of a tile type, turned. */
  private tileUse(tileId: string, rotation: number): SVGElement {
    const id = this.symbol(tileId);
    if (!id) {
      // unknown tile type: a plain square, never a crash
      return el('rect', { width: CELL, height: CELL, fill: '#bbb', stroke: '#555' });
    }
    const use = el('use', { href: `#${id}`, transform: rotation ? rotationTransform(rotation) : null });
    // older WebKit webviews only read the xlink form
    use.setAttributeNS('http://www.w3.org/1999/xlink', 'xlink:href', `#${id}`);
    return use;
  }

  /** Adds tiles not drawn yet (and removes any that left the board: a re-sync to another game). */
  setTiles(tiles: PlacedView[], animate: boolean): SVGGElement[] {
    const added: SVGGElement[] = [];
    const seen = new Set<string>();
    for (const t of tiles) {
      const k = key(t.at);
      seen.add(k);
      const have = this.placed.get(k);
      if (have && have.view.tile === t.tile && have.view.rotation === t.rotation) continue;
      have?.g.remove();
      const g = el('g', {
        class: `placed-tile${animate ? ' arriving' : ''}`,
        transform: `translate(${t.at[0] * CELL} ${t.at[1] * CELL})`,
        'data-x': t.at[0],
        'data-y': t.at[1],
        'data-tile': t.tile,
      });
      g.appendChild(this.tileUse(t.tile, t.rotation));
      this.L.tiles.appendChild(g);
      this.shadow(t.at);
      this.placed.set(k, { view: t, g });
      added.push(g);
    }
    for (const [k, v] of this.placed)
      if (!seen.has(k)) {
        v.g.remove();
        this.placed.delete(k);
        this.L.shadows.replaceChildren();
        for (const p of this.placed.values()) this.shadow(p.view.at);
      }
    if (!this.opts.interactive) this.fitStatic();
    return added;
  }

  /** A tile's shadow on the table (styled inline: the saved picture has no stylesheet). */
  private shadow(at: Pos): void {
    el('rect', { x: at[0] * CELL + 3, y: at[1] * CELL + 4, width: CELL, height: CELL, rx: 2, class: 'tile-shadow', fill: 'rgba(20,10,0,0.38)' }, this.L.shadows);
  }

  get tileCount(): number {
    return this.placed.size;
  }

  placedAt(at: Pos): PlacedView | undefined {
    return this.placed.get(key(at))?.view;
  }

  setLastPlaced(at: Pos | null, colour: string | null): void {
    this.L.last.replaceChildren();
    if (!at) return;
    const g = el('g', { class: 'last-placed', transform: `translate(${at[0] * CELL} ${at[1] * CELL})`, 'data-testid': 'last-placed', 'data-x': at[0], 'data-y': at[1] }, this.L.last);
    el('rect', { x: 1.5, y: 1.5, width: CELL - 3, height: CELL - 3, rx: 3, class: 'last-ring', stroke: colour ?? '#fff3c4', fill: 'none', 'stroke-width': 5 }, g);
    el('rect', { x: 1.5, y: 1.5, width: CELL - 3, height: CELL - 3, rx: 3, class: 'last-ring-inner', fill: 'none', stroke: 'rgba(255,255,255,0.85)', 'stroke-width': 1.4, 'stroke-dasharray': '6 4' }, g);
  }

  /** Rings the tile at `at` (the turn the player points at in the log); `null` clears it. */
  highlight(at: Pos | null): void {
    this.L.mark.replaceChildren();
    if (!at) return;
    const g = el('g', { class: 'marked-tile', transform: `translate(${at[0] * CELL} ${at[1] * CELL})`, 'data-testid': 'marked-tile', 'data-x': at[0], 'data-y': at[1] }, this.L.mark);
    el('rect', { x: -3, y: -3, width: CELL + 6, height: CELL + 6, rx: 6, fill: 'rgba(255, 240, 160, .25)', stroke: '#ffe066', 'stroke-width': 6 }, g);
  }

  /**
   * Marks the dead cells (hatched and crossed) and the single-fit cells (a dotted ring and a
   * "1"): two shapes, told apart without colour; `label` names each for assistive tech.
   */
  setHoles(cells: HardCellView[], label: (c: HardCellView) => string): void {
    this.L.holes.replaceChildren();
    for (const c of cells) {
      const dead = c.fit === 'dead';
      const g = el('g', {
        class: `hole hole-${c.fit}`,
        'data-testid': 'hole',
        'data-fit': c.fit,
        'data-x': c.at[0],
        'data-y': c.at[1],
        role: 'img',
        'aria-label': label(c),
        transform: `translate(${c.at[0] * CELL} ${c.at[1] * CELL})`,
      }, this.L.holes);
      el('title', {}, g).textContent = label(c);
      if (dead) {
        el('rect', { x: 4, y: 4, width: CELL - 8, height: CELL - 8, rx: 6, fill: `url(#hatch${this.uid})`, stroke: 'rgba(60,30,10,0.7)', 'stroke-width': 3, class: 'hole-mark' }, g);
        el('path', { d: 'M30 30L70 70M70 30L30 70', stroke: 'rgba(60,30,10,0.85)', 'stroke-width': 7, 'stroke-linecap': 'round', class: 'hole-cross' }, g);
      } else {
        el('rect', { x: 6, y: 6, width: CELL - 12, height: CELL - 12, rx: 12, fill: 'none', stroke: 'rgba(255,250,230,0.9)', 'stroke-width': 4, 'stroke-dasharray': '1 9', 'stroke-linecap': 'round', class: 'hole-ring' }, g);
        el('circle', { cx: 80, cy: 20, r: 13, fill: 'rgba(40,30,20,0.8)', stroke: 'rgba(255,250,230,0.9)', 'stroke-width': 2 }, g);
        const tx = el('text', { x: 80, y: 26, 'text-anchor': 'middle', fill: '#fffbe8', 'font-size': 17, 'font-weight': 700 }, g);
        tx.textContent = '1';
      }
    }
  }

  /** The farm view: each field shaded with its owners' colours, badges on the cities they supply; empty lists clear it. */
  setFarms(fields: FarmShade[], marks: FarmMark[]): void {
    const placed = (at: Pos): { tile: TileInfo; rotation: number } | null => {
      const v = this.placed.get(key(at))?.view;
      const tile = v ? this.opts.tiles.get(v.tile) : undefined;
      return v && tile ? { tile, rotation: v.rotation } : null;
    };
    drawFarms(this.L.farms, this.uid, fields, marks, placed, spotAt);
  }

  setFollowers(followers: FollowerView[], seats: SeatView[]): void {
    this.L.followers.replaceChildren();
    const tappable = this.onFollower !== null;
    this.L.followers.setAttribute('pointer-events', tappable ? 'visiblePainted' : 'none');
    for (const f of followers) {
      const placed = this.placed.get(key(f.at))?.view;
      const tile = placed ? this.opts.tiles.get(placed.tile) : undefined;
      const p = tile && placed ? spotAt(tile, f.feature_id, f.at, placed.rotation) : { x: f.at[0] * CELL + 50, y: f.at[1] * CELL + 50 };
      const colour = seats[f.seat]?.colour ?? '#888';
      const onField = tile?.features.find((x) => x.id === f.feature_id)?.kind === 'field';
      const g = followerSvg(f.kind, colour, onField, f.seat);
      g.setAttribute('transform', `translate(${p.x} ${p.y}) scale(1.3)`);
      g.setAttribute('data-seat', String(f.seat));
      g.setAttribute('data-feature-id', f.feature_id);
      g.setAttribute('data-testid', 'follower');
      g.setAttribute('data-x', String(f.at[0]));
      g.setAttribute('data-y', String(f.at[1]));
      if (tappable) this.tappableFollower(g, f);
      this.L.followers.appendChild(g);
    }
  }

  /** A follower that says what it would score when tapped, clicked or focused and Entered. */
  private tappableFollower(g: SVGGElement, f: FollowerView): void {
    g.setAttribute('tabindex', '0');
    g.setAttribute('role', 'button');
    g.setAttribute('class', `${g.getAttribute('class') ?? ''} follower-tappable`);
    // a finger-sized target around the small piece
    g.prepend(el('circle', { r: 14, fill: 'transparent', class: 'follower-hit' }));
    const label = this.followerLabel?.(f);
    if (label) g.setAttribute('aria-label', label);
    g.addEventListener('click', (ev) => {
      ev.stopPropagation();
      this.onFollower?.(f, g, false);
    });
    g.addEventListener('keydown', (ev) => {
      if (ev.key !== 'Enter' && ev.key !== ' ') return;
      ev.preventDefault();
      ev.stopPropagation();
      this.onFollower?.(f, g, true);
    });
  }

  // ---------------------------------------------------------------------------- decisions

  setSpots(placements: PlacementOption[] | null): void {
    this.L.spots.replaceChildren();
    this.spotCells = (placements ?? []).map((p) => p.at);
    for (const p of placements ?? []) {
      const g = el('g', {
        class: 'spot',
        'data-testid': 'spot',
        'data-x': p.at[0],
        'data-y': p.at[1],
        tabindex: 0,
        role: 'button',
        'aria-label': `(${p.at[0]}, ${p.at[1]})`,
        transform: `translate(${p.at[0] * CELL} ${p.at[1] * CELL})`,
      }, this.L.spots);
      el('rect', { x: 0, y: 0, width: CELL, height: CELL, class: 'spot-hit' }, g);
      el('rect', { x: 7, y: 7, width: CELL - 14, height: CELL - 14, rx: 10, class: 'spot-mark' }, g);
      el('path', { d: 'M50 38v24M38 50h24', class: 'spot-plus' }, g);
    }
  }

  /**
   * Puts the legal cell fully on screen (below `top` px) nearest the middle of the screen first
   * among the spots: the first Tab stop, and the first cell a script or a screen reader finds,
   * is one the player sees. False when no legal cell is in sight.
   */
  leadWithSpotInSight(top: number): boolean {
    const c = this.viewCentre();
    let best: Element | null = null;
    let bestD = Infinity;
    for (const s of this.L.spots.children) {
      const at: Pos = [Number(s.getAttribute('data-x')), Number(s.getAttribute('data-y'))];
      if (!this.cellVisible(at, 0, top)) continue;
      const d = Math.hypot(at[0] - c.x, at[1] - c.y);
      if (d < bestD) {
        best = s;
        bestD = d;
      }
    }
    if (best && best !== this.L.spots.firstElementChild) this.L.spots.prepend(best);
    return best !== null;
  }

  /** Names each legal cell (`fn`) and, given `group`, the legal cells together. */
  spotLabel(fn: (at: Pos) => string, group?: string): void {
    for (const s of this.L.spots.querySelectorAll('[data-testid="spot"]'))
      s.setAttribute('aria-label', fn([Number(s.getAttribute('data-x')), Number(s.getAttribute('data-y'))]));
    if (group === undefined) return;
    const any = this.L.spots.childElementCount > 0;
    if (any) this.L.spots.setAttribute('role', 'group');
    else this.L.spots.removeAttribute('role');
    if (any) this.L.spots.setAttribute('aria-label', group);
    else this.L.spots.removeAttribute('aria-label');
  }

  /** Names each placed tile for assistive tech (its cell, features, followers: play/describe.ts). */
  labelTiles(fn: (v: PlacedView) => string): void {
    for (const { view, g } of this.placed.values()) {
      g.setAttribute('role', 'img');
      g.setAttribute('aria-label', fn(view));
    }
  }

  setTentative(t: { tile: string; at: Pos; rotation: number; colour: string } | null): void {
    this.L.tentative.replaceChildren();
    if (!t) return;
    const g = el('g', {
      class: 'tentative',
      'data-testid': 'tentative',
      'data-x': t.at[0],
      'data-y': t.at[1],
      'data-rotation': t.rotation,
      transform: `translate(${t.at[0] * CELL} ${t.at[1] * CELL})`,
    }, this.L.tentative);
    g.appendChild(this.tileUse(t.tile, t.rotation));
    el('rect', { x: 1, y: 1, width: CELL - 2, height: CELL - 2, rx: 2, class: 'tentative-ring', stroke: t.colour }, g);
  }

  setGhost(t: { tile: string; at: Pos; rotation: number } | null): void {
    this.L.ghost.replaceChildren();
    if (!t) return;
    const g = el('g', { class: 'ghost', transform: `translate(${t.at[0] * CELL} ${t.at[1] * CELL})` }, this.L.ghost);
    g.appendChild(this.tileUse(t.tile, t.rotation));
  }

  setMarkers(markers: Marker[]): void {
    this.L.markers.replaceChildren();
    for (const m of markers) {
      const g = el('g', {
        class: `marker${m.selected ? ' selected' : ''}`,
        'data-testid': m.testid,
        transform: `translate(${m.x} ${m.y})`,
        tabindex: 0,
        role: 'button',
        'aria-label': m.label,
        'aria-pressed': String(m.selected),
        style: `--seat:${m.colour}`,
      }, this.L.markers);
      for (const [k, v] of Object.entries(m.data)) g.setAttribute(`data-${k}`, v);
      el('title', {}, g).textContent = m.label;
      el('circle', { r: 11.5, class: 'marker-hit' }, g);
      el('circle', { r: 11, class: 'marker-ring' }, g);
      if (m.kind) {
        const f = followerSvg(m.kind, m.colour, false, m.seat);
        f.setAttribute('transform', m.selected ? 'scale(1.15)' : 'scale(0.95)');
        f.setAttribute('class', `${f.getAttribute('class') ?? ''} marker-piece`);
        g.appendChild(f);
      } else el('circle', { r: 5, class: 'marker-dot' }, g);
      g.addEventListener('click', (ev) => {
        ev.stopPropagation();
        m.onPick();
      });
      g.addEventListener('pointerenter', () => this.onMarkerHover?.(m.data.action ?? null));
      g.addEventListener('pointerleave', () => this.onMarkerHover?.(null));
      g.addEventListener('keydown', (ev) => {
        if (ev.key === 'Enter' || ev.key === ' ') {
          ev.preventDefault();
          ev.stopPropagation();
          m.onPick();
        }
      });
    }
  }

  /** Marks the marker of `action` (a button of the same choice is hovered). */
  hotMarker(action: string | null): void {
    for (const m of this.L.markers.querySelectorAll('.marker')) m.classList.toggle('hot', action !== null && m.getAttribute('data-action') === action);
  }

  /** A hint's whole move: the tile's ghost in the cell, turned, and its follower's spot (none: no follower). */
  setHint(hint: { tile: string; at: Pos; rotation: number; spot: { x: number; y: number; kind: FollowerKind; colour: string; seat: number } | null } | null): void {
    this.L.hints.replaceChildren();
    if (!hint) return;
    const g = el('g', { class: 'hint-mark', transform: `translate(${hint.at[0] * CELL} ${hint.at[1] * CELL})`, 'data-testid': 'hint-mark', 'data-x': hint.at[0], 'data-y': hint.at[1], 'data-rotation': hint.rotation }, this.L.hints);
    const ghost = el('g', { class: 'hint-ghost' }, g);
    ghost.appendChild(this.tileUse(hint.tile, hint.rotation));
    el('rect', { x: 4, y: 4, width: CELL - 8, height: CELL - 8, rx: 12 }, g);
    const s = hint.spot;
    if (!s) return;
    const m = el('g', { class: 'hint-spot', 'data-testid': 'hint-spot', transform: `translate(${s.x - hint.at[0] * CELL} ${s.y - hint.at[1] * CELL})` }, g);
    el('circle', { r: 13 }, m);
    const f = followerSvg(s.kind, s.colour, false, s.seat);
    f.setAttribute('transform', 'scale(0.95)');
    m.appendChild(f);
  }

  /** Highlights the tiles of a scored feature and floats "+N" texts over it. */
  flashScore(tiles: Pos[], colours: string[], texts: string[], ms: number): void {
    if (tiles.length === 0 && texts.length === 0) return;
    const group = el('g', { class: `score-flash${ms > 0 ? ' animated' : ''}`, style: `--ms:${ms}ms` }, this.L.flash);
    const seen = new Set<string>();
    const colour = colours[0] ?? '#f4f1e8';
    for (const p of tiles) {
      if (seen.has(key(p))) continue;
      seen.add(key(p));
      el('rect', { x: p[0] * CELL + 2, y: p[1] * CELL + 2, width: CELL - 4, height: CELL - 4, rx: 4, fill: colour, stroke: colour, class: 'flash-cell' }, group);
    }
    const cx = tiles.length ? tiles.reduce((s, p) => s + p[0], 0) / tiles.length : 0;
    const cy = tiles.length ? tiles.reduce((s, p) => s + p[1], 0) / tiles.length : 0;
    const floats = el('g', { class: `score-floats${ms > 0 ? ' animated' : ''}`, style: `--ms:${ms}ms` }, this.L.floats);
    texts.forEach((txt, i) => {
      const x = cx * CELL + 50 + (i - (texts.length - 1) / 2) * 90;
      const tx = el('text', { x, y: cy * CELL + 62, 'text-anchor': 'middle', class: 'score-float', fill: colours[i] ?? colour }, floats);
      tx.textContent = txt;
    });
    if (ms > 0)
      setTimeout(() => {
        group.remove();
        floats.remove();
      }, ms + 50);
  }

  clearFlashes(): void {
    this.L.flash.replaceChildren();
    this.L.floats.replaceChildren();
  }

  // ---------------------------------------------------------------------------- camera

  size(): { w: number; h: number } {
    const r = this.svg.getBoundingClientRect();
    return { w: r.width || 1, h: r.height || 1 };
  }

  private apply(): void {
    this.cam.setAttribute('transform', `translate(${this.tx.toFixed(2)} ${this.ty.toFixed(2)}) scale(${this.scale.toFixed(4)})`);
    this.svg.dataset.scale = this.scale.toFixed(3);
    this.onMoved?.();
  }

  private onResize(): void {
    const { w, h } = this.size();
    if (w === this.lastSize.w && h === this.lastSize.h) return;
    if (this.lastSize.w > 1 && this.lastSize.h > 1) {
      this.tx += (w - this.lastSize.w) / 2;
      this.ty += (h - this.lastSize.h) / 2;
      this.apply();
      this.lastSize = { w, h };
      this.onResized?.();
      return;
    }
    this.lastSize = { w, h };
  }

  /** The bounds of the placed tiles and the legal cells, in board units. */
  contentBounds(): Bounds {
    const b: Bounds = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
    const add = (p: Pos): void => {
      b.minX = Math.min(b.minX, p[0] * CELL);
      b.minY = Math.min(b.minY, p[1] * CELL);
      b.maxX = Math.max(b.maxX, p[0] * CELL + CELL);
      b.maxY = Math.max(b.maxY, p[1] * CELL + CELL);
    };
    for (const v of this.placed.values()) add(v.view.at);
    for (const p of this.spotCells) add(p);
    if (!Number.isFinite(b.minX)) return { minX: 0, minY: 0, maxX: CELL, maxY: CELL };
    return b;
  }

  private fitStatic(): void {
    const b = this.contentBounds();
    const pad = 20;
    this.svg.setAttribute('viewBox', `${b.minX - pad} ${b.minY - pad} ${b.maxX - b.minX + 2 * pad} ${b.maxY - b.minY + 2 * pad}`);
    this.svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
  }

  /** The scale at which all of `b` shows. */
  fitScale(b: Bounds = this.contentBounds()): number {
    const { w, h } = this.size();
    const pad = 24;
    return Math.min((w - 2 * pad) / (b.maxX - b.minX), (h - 2 * pad - 40) / (b.maxY - b.minY));
  }

  /** Shows all of `b` (or the whole content), no larger than `maxCellPx` per cell. */
  fit(maxCellPx: number, b: Bounds = this.contentBounds(), ms = 0): void {
    const { w, h } = this.size();
    const s = Math.max(0.12, Math.min(this.fitScale(b), maxCellPx / CELL));
    const cx = (b.minX + b.maxX) / 2;
    const cy = (b.minY + b.maxY) / 2;
    this.moveTo(s, w / 2 - cx * s, h / 2 - cy * s, ms);
  }

  /** Centres the cell `at`, keeping the zoom between `minCellPx` and `maxCellPx` a cell. */
  centreOn(at: Pos, ms = 0, minCellPx = 0, maxCellPx = Infinity): void {
    const { w, h } = this.size();
    const s = Math.min(Math.max(this.scale, minCellPx / CELL), maxCellPx / CELL);
    const cx = at[0] * CELL + 50;
    const cy = at[1] * CELL + 50;
    this.moveTo(s, w / 2 - cx * s, h / 2 - cy * s, ms);
  }

  /** Whether cell `at` is fully on screen (with a margin). */
  cellVisible(at: Pos, margin = 8, top = margin): boolean {
    const { w, h } = this.size();
    const x0 = at[0] * CELL * this.scale + this.tx;
    const y0 = at[1] * CELL * this.scale + this.ty;
    const x1 = x0 + CELL * this.scale;
    const y1 = y0 + CELL * this.scale;
    return x0 >= margin && y0 >= top && x1 <= w - margin && y1 <= h - margin;
  }

  /** The board cell at the middle of the screen (fractional). */
  viewCentre(): { x: number; y: number } {
    const { w, h } = this.size();
    return { x: (w / 2 - this.tx) / this.scale / CELL - 0.5, y: (h / 2 - this.ty) / this.scale / CELL - 0.5 };
  }

  /** Whether all of `b` is on screen (with `margin` px, `top` px under the prompt). */
  boundsVisible(b: Bounds, margin = 8, top = margin): boolean {
    const { w, h } = this.size();
    return (
      b.minX * this.scale + this.tx >= margin &&
      b.minY * this.scale + this.ty >= top &&
      b.maxX * this.scale + this.tx <= w - margin &&
      b.maxY * this.scale + this.ty <= h - margin
    );
  }

  /** Pans so that `at` is on screen if it is not. */
  /** Says the camera may move before the next frame (tests and taps wait for it to settle). */
  holdUnsettled(): void {
    this.svg.dataset.moving = 'true';
  }

  /** Ends `holdUnsettled` unless a glide is under way (its end clears the mark). */
  settle(): void {
    if (!this.gliding) delete this.svg.dataset.moving;
  }

  ensureVisible(at: Pos, ms = 0): void {
    if (!this.cellVisible(at)) this.centreOn(at, ms);
  }

  panBy(dx: number, dy: number, ms = 0): void {
    this.userMoved = true;
    this.moveTo(this.scale, this.tx + dx, this.ty + dy, ms);
  }

  zoomBy(f: number, cx?: number, cy?: number, ms = 0): void {
    this.userMoved = true;
    const { w, h } = this.size();
    const px = cx ?? w / 2;
    const py = cy ?? h / 2;
    const s = Math.min(3, Math.max(0.12, this.scale * f));
    const k = s / this.scale;
    this.moveTo(s, px - (px - this.tx) * k, py - (py - this.ty) * k, ms);
  }

  private moveTo(s: number, tx: number, ty: number, ms: number): void {
    cancelAnimationFrame(this.anim);
    this.gliding = false;
    // the target was worked out for the board's size now: a resize observed later (a panel
    // that grew and shrank meanwhile) must only make up for what changes after this
    this.lastSize = this.size();
    if (ms <= 0) {
      delete this.svg.dataset.moving;
      this.scale = s;
      this.tx = tx;
      this.ty = ty;
      this.apply();
      return;
    }
    const from = { s: this.scale, tx: this.tx, ty: this.ty };
    const t0 = performance.now();
    this.svg.dataset.moving = 'true';
    this.gliding = true;
    const step = (now: number): void => {
      const u = Math.min(1, (now - t0) / ms);
      const e = u < 0.5 ? 2 * u * u : 1 - Math.pow(-2 * u + 2, 2) / 2;
      this.scale = from.s + (s - from.s) * e;
      this.tx = from.tx + (tx - from.tx) * e;
      this.ty = from.ty + (ty - from.ty) * e;
      this.apply();
      if (u < 1) this.anim = requestAnimationFrame(step);
      else {
        this.gliding = false;
        delete this.svg.dataset.moving;
      }
    };
    this.anim = requestAnimationFrame(step);
  }

  // ---------------------------------------------------------------------------- input

  private pointerInput(): void {
    const svg = this.svg;
    const pts = new Map<number, { x: number; y: number }>();
    let drag: { x: number; y: number; tx: number; ty: number; moved: boolean } | null = null;
    let pinch: { d: number; mx: number; my: number; s: number; tx: number; ty: number } | null = null;
    let suppressClick = false;
    const local = (ev: PointerEvent | WheelEvent): { x: number; y: number } => {
      const r = svg.getBoundingClientRect();
      return { x: ev.clientX - r.left, y: ev.clientY - r.top };
    };
    const startPinch = (): void => {
      const [a, b] = [...pts.values()];
      if (!a || !b) return;
      pinch = { d: Math.hypot(a.x - b.x, a.y - b.y) || 1, mx: (a.x + b.x) / 2, my: (a.y + b.y) / 2, s: this.scale, tx: this.tx, ty: this.ty };
      drag = null;
      suppressClick = true;
      this.userMoved = true;
    };
    svg.addEventListener('pointerdown', (ev) => {
      if (ev.button !== 0 && ev.pointerType === 'mouse') return;
      cancelAnimationFrame(this.anim);
      this.gliding = false;
      delete this.svg.dataset.moving;
      pts.set(ev.pointerId, local(ev));
      if (pts.size === 1) {
        const p = local(ev);
        drag = { x: p.x, y: p.y, tx: this.tx, ty: this.ty, moved: false };
        suppressClick = false;
      } else if (pts.size === 2) {
        for (const id of pts.keys()) {
          try {
            svg.setPointerCapture(id);
          } catch {
            /* the pointer may be gone already */
          }
        }
        startPinch();
      }
    });
    svg.addEventListener('pointermove', (ev) => {
      if (!pts.has(ev.pointerId)) return;
      const p = local(ev);
      pts.set(ev.pointerId, p);
      if (pinch && pts.size >= 2) {
        const [a, b] = [...pts.values()];
        if (!a || !b) return;
        const d = Math.hypot(a.x - b.x, a.y - b.y) || 1;
        const mx = (a.x + b.x) / 2;
        const my = (a.y + b.y) / 2;
        const s = Math.min(3, Math.max(0.12, (pinch.s * d) / pinch.d));
        const k = s / pinch.s;
        this.scale = s;
        this.tx = mx - (pinch.mx - pinch.tx) * k;
        this.ty = my - (pinch.my - pinch.ty) * k;
        this.apply();
        return;
      }
      if (!drag) return;
      const dx = p.x - drag.x;
      const dy = p.y - drag.y;
      if (!drag.moved && Math.hypot(dx, dy) < (ev.pointerType === 'mouse' ? 4 : 8)) return;
      if (!drag.moved) {
        drag.moved = true;
        this.userMoved = true;
        suppressClick = true;
        svg.classList.add('dragging');
        try {
          svg.setPointerCapture(ev.pointerId);
        } catch {
          /* ignore */
        }
      }
      this.tx = drag.tx + dx;
      this.ty = drag.ty + dy;
      this.apply();
    });
    const end = (ev: PointerEvent): void => {
      if (!pts.delete(ev.pointerId)) return;
      if (pts.size === 1 && pinch) {
        // back to one finger: continue as a drag from here
        pinch = null;
        const [p] = [...pts.values()];
        if (p) drag = { x: p.x, y: p.y, tx: this.tx, ty: this.ty, moved: true };
      } else if (pts.size === 0) {
        pinch = null;
        drag = null;
        svg.classList.remove('dragging');
      }
    };
    svg.addEventListener('pointerup', end);
    svg.addEventListener('pointercancel', end);
    svg.addEventListener(
      'click',
      (ev) => {
        if (suppressClick) {
          ev.stopPropagation();
          ev.preventDefault();
          suppressClick = false;
        }
      },
      true,
    );
    svg.addEventListener(
      'wheel',
      (ev) => {
        ev.preventDefault();
        const p = local(ev);
        const dy = ev.deltaMode === 1 ? ev.deltaY * 16 : ev.deltaY;
        if (ev.ctrlKey || Math.abs(dy) > 0) this.zoomBy(Math.exp(-dy * 0.0018), p.x, p.y);
      },
      { passive: false },
    );
  }
}
