// The board screen: the table, the drawn tile, legal cells, tentative placement with follower
// spots (preview), confirm / take back, other decisions as buttons, bots, scoring shown on the
// board and in a log, pass-and-play banners.
import { CommandError } from '../api';
import type { Action, ChoiceOption, FollowerKind, GameView, Hint, PendingView, Pos, SeatView, TileInfo } from '../bindings';
import { featureAnchor, rotatePoint, tileGroup } from '../art/index';
import { el } from '../art/svg';
import { Board, spotAt, type Marker } from '../board/board';
import { actionKind, canonical, KINDS, sameAction } from '../board/labels';
import { t } from '../i18n/index';
import { animMs, app } from '../state';
import { button, followerIcon, h, icon } from './dom';
import { localSource, type GameSource } from './source';
import { showError, toast } from './toast';

interface Tentative {
  at: Pos;
  rotation: number;
  rotations: number[];
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

const isPhone = (): boolean => window.matchMedia('(max-width: 899px)').matches;

export function gameScreen(root: HTMLElement, route: { view: GameView; source?: GameSource }): () => void {
  let view = route.view;
  const source = route.source ?? localSource(view.id);
  let tentative: Tentative | null = null;
  let handRotation = 0;
  let handTurns = 0; // cumulative quarter turns of the hand picture (for a smooth CSS turn)
  let preview: ChoiceOption[] | null = null;
  let previewToken = 0;
  let selected: ChoiceOption | null = null;
  let kind: FollowerKind = 'meeple';
  let busy = false;
  let disposed = false;
  let botTimer = 0;
  let botErrors = 0;
  let endTimer = 0;
  let bannerTimer = 0;
  let seenScores = 0;
  let lastHumanSeat: number | null = null;
  let turnSeat: number | null = null;
  let hints: Hint[] | null = null;
  let hintToken = 0;
  let lastPlacer: number | null = null;
  let pushed: GameView | null = null;
  // people at this device (turn banners ask to pass it only when several share it)
  const humans = (): number => (source.passAndPlay ? view.seats.filter((s) => s.bot === null).length : 1);

  // ------------------------------------------------------------------ DOM
  const board = new Board({ interactive: true, tiles: app.tiles, label: t.boardLabel });
  const scoreboard = h('div', { class: 'scoreboard', attrs: { role: 'list' } });
  const tilesLeft = h('span', { class: 'tiles-left-n', testid: 'tiles-left' });
  const tilesChip = h('div', { class: 'tiles-chip', attrs: { title: '' } }, icon('tiles', 20), tilesLeft);
  const main = h('main', { class: 'screen game', testid: 'game', data: { gameId: view.id } });
  const toggleLog = button(t.log, {
    class: 'icon-btn log-toggle',
    testid: 'toggle-log',
    attrs: { 'aria-label': t.log, title: t.log, 'aria-expanded': 'false' },
    on: {
      click: () => {
        const on = main.classList.toggle('show-log');
        toggleLog.setAttribute('aria-expanded', String(on));
      },
    },
  }, 'list');
  const topbar = h(
    'header',
    { class: 'topbar' },
    button('', { class: 'icon-btn', testid: 'back', attrs: { 'aria-label': t.home, title: t.home }, on: { click: () => source.leave() } }, 'home'),
    scoreboard,
    tilesChip,
    toggleLog,
  );

  const prompt = h('div', { class: 'prompt', testid: 'prompt', attrs: { 'aria-live': 'polite' } });
  const banner = h('div', { class: 'turn-banner', testid: 'turn-banner', hidden: true, attrs: { role: 'status', 'aria-live': 'assertive' } });
  const zoom = h(
    'div',
    { class: 'zoom-controls' },
    button('', { class: 'icon-btn', testid: 'zoom-in', attrs: { 'aria-label': t.zoomIn, title: t.zoomIn }, on: { click: () => board.zoomBy(1.25, undefined, undefined, animMs(180)) } }, 'plus'),
    button('', { class: 'icon-btn', testid: 'zoom-out', attrs: { 'aria-label': t.zoomOut, title: t.zoomOut }, on: { click: () => board.zoomBy(0.8, undefined, undefined, animMs(180)) } }, 'minus'),
    button('', { class: 'icon-btn', testid: 'centre', attrs: { 'aria-label': t.centre, title: t.centre }, on: { click: () => centre() } }, 'target'),
  );
  const boardWrap = h('div', { class: 'board-wrap' }, board.svg, prompt, banner, zoom);

  const handSvg = el('svg', { viewBox: '-4 -4 108 108', class: 'hand-tile', role: 'img', 'aria-label': t.yourTile });
  const handInner = el('g', {}, handSvg);
  const hand = h('div', { class: 'hand', testid: 'hand', attrs: { title: t.yourTile } }, handSvg);
  const rotateBtn = button(t.rotate, { class: 'btn action', testid: 'rotate', attrs: { 'aria-keyshortcuts': 'R' }, on: { click: () => rotate() } }, 'rotate');
  const takeBackBtn = button(t.takeBack, { class: 'btn action', testid: 'take-back', attrs: { 'aria-keyshortcuts': 'Escape' }, on: { click: () => takeBack() } }, 'takeBack');
  const confirmBtn = button(t.confirm, { class: 'btn action primary', testid: 'confirm', attrs: { 'aria-keyshortcuts': 'Enter' }, on: { click: () => void confirm() } }, 'confirm');
  const choiceArea = h('div', { class: 'choice-area' });
  const hintBtn = button(t.hint, { class: 'btn action hint-btn', testid: 'hint', on: { click: () => void askHint() } }, 'bulb');
  const hintList = h('div', { class: 'hint-list' });
  const hintArea = h('div', { class: 'hint-area' }, hintList);
  const tray = h(
    'section',
    { class: 'tray' },
    choiceArea,
    h('div', { class: 'hand-row' }, hand, h('div', { class: 'main-actions' }, rotateBtn, takeBackBtn, confirmBtn, hintBtn)),
    hintArea,
  );
  const cityPanel = h('div', { class: 'city-panel' });
  const holders = h('div', { class: 'holders' });
  const log = h('ol', { class: 'score-log', testid: 'score-log' });
  const info = h(
    'aside',
    { class: 'info' },
    button('', { class: 'icon-btn info-close', attrs: { 'aria-label': t.close, title: t.close }, on: { click: () => main.classList.remove('show-log') } }, 'close'),
    cityPanel,
    holders,
    h('h2', {}, t.scoreLog),
    log,
    h('p', { class: 'keys-help' }, t.keysHelp),
  );
  main.append(topbar, boardWrap, tray, info);
  root.appendChild(main);

  // ------------------------------------------------------------------ helpers
  const seat = (i: number): SeatView | undefined => view.seats[i];
  const pending = (): PendingView | null => view.pending;
  const humanPending = (): PendingView | null => {
    const p = view.pending;
    return p && !p.by_bot && !view.over && source.mine(p.decision.seat) ? p : null;
  };
  const colourOf = (i: number | undefined): string => (i === undefined ? '#888' : (seat(i)?.colour ?? '#888'));

  /** Shows the whole table if it fits at a readable size, else the last tile at that size. */
  const frame = (ms: number): void => {
    const maxCell = isPhone() ? 84 : 140;
    const minCell = isPhone() ? 56 : 72;
    const b = board.contentBounds();
    const cell = board.scale * 100;
    // already all in sight at a good size: keep still (a moving board is hard to tap)
    if (cell >= minCell - 0.5 && cell <= maxCell + 0.5 && board.boundsVisible(b, 12, 52)) return;
    if (board.fitScale(b) * 100 >= minCell) board.fit(maxCell, b, ms);
    else {
      const hp = humanPending();
      const focus = view.last_placed ?? hp?.placements[0]?.at ?? ([0, 0] as Pos);
      board.centreOn(focus, ms, minCell, maxCell);
    }
  };

  /** When a person is to place: a legal cell in sight below the prompt, and first among the spots. */
  const keepSpotInSight = (): void => {
    const hp = humanPending();
    if (!hp || !hp.placements.length || board.svg.dataset.moving !== undefined) return;
    if (board.leadWithSpotInSight(48)) return;
    const c = board.viewCentre();
    const near = hp.placements.map((pl) => pl.at).reduce((a, b) => (Math.hypot(b[0] - c.x, b[1] - c.y) < Math.hypot(a[0] - c.x, a[1] - c.y) ? b : a));
    board.centreOn(near, 0);
    board.leadWithSpotInSight(48);
  };

  const centre = (): void => {
    board.userMoved = false;
    if (tentative) board.centreOn(tentative.at, animMs(250));
    else frame(animMs(250));
  };

  // ------------------------------------------------------------------ rendering
  const renderScoreboard = (): void => {
    const current = view.pending?.decision.seat;
    scoreboard.dataset.count = String(view.seats.length);
    scoreboard.replaceChildren(
      ...view.seats.map((s) => {
        const meeples = s.supply.find((x) => x.kind === 'meeple')?.count ?? 0;
        const king = view.king?.seat === s.seat;
        const robber = view.robber?.seat === s.seat;
        return h(
          'div',
          {
            class: `seat${current === s.seat && !view.over ? ' current' : ''}`,
            testid: 'seat-score',
            data: { seat: s.seat, score: s.score },
            style: `--seat:${s.colour}`,
            attrs: { role: 'listitem', 'aria-label': `${t.seatScore(s.name, s.score)}; ${s.supply.map((x) => t.supply(x.kind, x.count)).join(', ')}` },
          },
          h('span', { class: 'seat-piece' }, followerIcon('meeple', s.colour, 26), h('span', { class: 'seat-badge' }, String(meeples))),
          h(
            'span',
            { class: 'seat-text' },
            h('span', { class: 'seat-name' }, s.name, s.bot ? h('small', { class: 'bot-tag' }, ` ${t.bot}`) : null),
            h('span', { class: 'seat-points' }, String(s.score)),
          ),
          h(
            'span',
            { class: 'seat-supply' },
            ...s.supply.map((x) => h('span', { class: 'supply', attrs: { title: t.supply(x.kind, x.count) } }, followerIcon(x.kind, s.colour, 16), String(x.count))),
          ),
          king || robber
            ? h('span', { class: 'seat-cards' }, king ? h('span', { class: 'card-badge', attrs: { title: t.king } }, icon('crown', 14)) : null, robber ? h('span', { class: 'card-badge', attrs: { title: t.robber } }, icon('mask', 14)) : null)
            : null,
        );
      }),
    );
    tilesLeft.textContent = String(view.tiles_left);
    tilesChip.setAttribute('title', t.tilesLeft(view.tiles_left));
    tilesChip.setAttribute('aria-label', t.tilesLeft(view.tiles_left));
  };

  const renderInfo = (): void => {
    if (view.city) {
      const c = view.city;
      cityPanel.hidden = false;
      const quarters: ['castle', 'market', 'blacksmith', 'cathedral'] = ['castle', 'market', 'blacksmith', 'cathedral'];
      cityPanel.replaceChildren(
        h('h2', {}, t.city),
        h(
          'div',
          { class: 'quarters' },
          ...quarters.map((q) =>
            h(
              'div',
              { class: `quarter${c.count === q ? ' has-count' : ''}`, data: { quarter: q } },
              h('span', { class: 'quarter-name' }, t.quarter(q)),
              h(
                'span',
                { class: 'quarter-pieces' },
                c.count === q ? h('span', { class: 'count-piece', attrs: { title: t.count } }, followerIcon('meeple', '#4b2a6e', 24)) : null,
                ...c.followers.filter((f) => f.quarter === q).map((f) => followerIcon(f.kind, colourOf(f.seat), 20)),
              ),
            ),
          ),
        ),
      );
    } else cityPanel.hidden = true;
    if (view.sets.includes('king_robber')) {
      holders.hidden = false;
      const line = (label: string, ic: string, hh: typeof view.king): HTMLElement =>
        h('div', { class: 'holder' }, icon(ic, 20), h('strong', {}, `${label}: `), hh ? h('span', { style: `color:${colourOf(hh.seat)}` }, t.holder(seat(hh.seat)?.name ?? '?', hh.tiles)) : h('span', {}, t.nobody));
      holders.replaceChildren(line(t.king, 'crown', view.king), line(t.robber, 'mask', view.robber));
    } else holders.hidden = true;
  };

  const scoreLineEl = (i: number): HTMLElement => {
    const line = view.scores[i]!;
    const ws = line.entry.winners;
    return h(
      'li',
      { class: `score-line${ws.length ? '' : ' nobody'}`, testid: 'score-line', data: { index: i, kind: line.entry.kind } },
      h('span', { class: 'dots' }, ...(ws.length ? ws : [-1]).map((w) => h('span', { class: 'dot', style: `--seat:${colourOf(w < 0 ? undefined : w)}` }))),
      h('span', { class: 'score-text' }, line.text),
      ws.length ? h('span', { class: 'score-pts', style: `color:${colourOf(ws[0])}` }, `+${line.entry.points}`) : null,
    );
  };

  const renderNewScores = (fresh: boolean): void => {
    const n = view.scores.length;
    if (fresh || n < seenScores) {
      log.replaceChildren(...view.scores.map((_, i) => scoreLineEl(i)).reverse());
    } else {
      if (n > seenScores) log.querySelector('.empty')?.remove();
      for (let i = seenScores; i < n; i++) {
        log.prepend(scoreLineEl(i));
        const e = view.scores[i]!.entry;
        const colours = e.winners.map((w) => colourOf(w));
        board.flashScore(e.tiles, colours.length ? colours : ['#e9e4d4'], e.winners.map(() => `+${e.points}`), animMs(2200));
      }
    }
    if (n === 0) log.replaceChildren(h('li', { class: 'empty' }, t.scoreLogEmpty));
    seenScores = n;
  };

  const setHand = (tileId: string | null, rotation: number): void => {
    const tile = tileId ? app.tiles.get(tileId) : undefined;
    if (hand.dataset.tile !== (tileId ?? '')) {
      handInner.replaceChildren();
      hand.dataset.tile = tileId ?? '';
      if (tile) {
        const g = tileGroup(tile, { frame: true });
        handInner.appendChild(g);
      }
      handTurns = rotation;
      handSvg.style.transition = 'none';
    } else {
      // turn the short way round to the new rotation
      const cur = ((handTurns % 4) + 4) % 4;
      let d = (rotation - cur + 4) % 4;
      if (d === 3) d = -1;
      handTurns += d;
      handSvg.style.transition = '';
    }
    hand.hidden = !tile;
    hand.dataset.rotation = String(rotation);
    handSvg.style.transform = `rotate(${handTurns * 90}deg)`;
  };

  /** Rotations legal somewhere on the board (the hand cycles through these only). */
  const handRotations = (): number[] => {
    const all = new Set<number>();
    for (const p of humanPending()?.placements ?? []) for (const r of p.rotations) all.add(r);
    return [...all].sort();
  };

  const pickRotation = (rotations: number[]): number => {
    if (rotations.includes(handRotation)) return handRotation;
    return rotations.find((r) => r > handRotation) ?? rotations[0] ?? 0;
  };

  // follower and choice controls ---------------------------------------------
  const followerControls = (choices: ChoiceOption[], at: Pos, tileId: string, rotation: number, immediate: boolean, markers: Marker[], dseat: number): HTMLElement[] => {
    const out: HTMLElement[] = [];
    const deploys = choices.filter((c) => c.action.type === 'deploy');
    const kinds = KINDS.filter((k) => deploys.some((c) => actionKind(c.action) === k));
    if (!kinds.includes(kind)) kind = kinds[0] ?? 'meeple';
    const colour = colourOf(dseat);
    const tile = app.tiles.get(tileId);
    if (kinds.length > 1)
      out.push(
        h(
          'div',
          { class: 'kind-row', attrs: { role: 'group' } },
          ...kinds.map((k) =>
            h(
              'button',
              {
                type: 'button',
                class: `btn kind${k === kind ? ' on' : ''}`,
                testid: 'follower-kind',
                data: { kind: k },
                attrs: { 'aria-pressed': String(k === kind), title: t.follower(k) },
                on: {
                  click: () => {
                    kind = k;
                    if (selected && actionKind(selected.action) !== k) selected = null;
                    renderDecision();
                  },
                },
              },
              followerIcon(k, colour, 24),
              h('span', { class: 'label' }, t.kindLeft(k, seat(dseat)?.supply.find((s) => s.kind === k)?.count ?? 0)),
            ),
          ),
        ),
      );
    const pick = (c: ChoiceOption): void => {
      if (immediate) void playChoice(c);
      else {
        selected = selected && sameAction(selected.action, c.action) ? null : c;
        renderDecision();
      }
    };
    const row = h('div', { class: 'follower-row' });
    const shown = deploys.filter((c) => actionKind(c.action) === kind);
    for (const c of shown) {
      const dup = shown.filter((x) => x.feature_kind === c.feature_kind).length > 1;
      const on = selected !== null && sameAction(selected.action, c.action);
      const fid = c.feature_id ?? '';
      if (tile && c.feature_id) {
        const p = spotAt(tile, c.feature_id, c.at ?? at, rotation);
        markers.push({ x: p.x, y: p.y, testid: 'follower-spot', data: { 'feature-id': fid, kind, action: canonical(c.action) }, colour, kind, selected: on, label: c.label, onPick: () => pick(c) });
      }
      row.appendChild(
        h(
          'button',
          {
            type: 'button',
            class: `btn choice-btn${on ? ' on' : ''}`,
            testid: 'follower-choice',
            data: { featureId: fid, kind, action: canonical(c.action) },
            // the whole label on hover (and as the button's description) when the short one shows
            attrs: { 'aria-pressed': String(on), title: `${c.label}${dup ? ` ${direction(tile, c.feature_id, rotation)}` : ''}` },
            on: { click: () => pick(c) },
          },
          followerIcon(kind, colour, 22),
          h('span', { class: 'label long' }, c.label, dup ? ` ${direction(tile, c.feature_id, rotation)}` : ''),
          h('span', { class: 'label short' }, t.featureShort(c.feature_kind ?? ''), dup ? ` ${direction(tile, c.feature_id, rotation)}` : ''),
        ),
      );
    }
    // "No follower" is always offered while the tile is tentative
    const pass = choices.find((c) => c.action.type === 'pass') ?? (immediate ? undefined : { action: { type: 'pass' as const }, at: null, feature_id: null, feature_kind: null, label: t.noFollower });
    if (pass) {
      const on = !immediate && (selected === null || selected.action.type === 'pass');
      row.appendChild(
        h(
          'button',
          {
            type: 'button',
            class: `btn choice-btn no-follower${on ? ' on' : ''}`,
            testid: 'no-follower',
            data: { action: canonical(pass.action) },
            attrs: { 'aria-pressed': String(on) },
            on: {
              click: () => {
                if (immediate) void playChoice(pass);
                else {
                  selected = null;
                  renderDecision();
                }
              },
            },
          },
          h('span', { class: 'label' }, pass.label || t.noFollower),
        ),
      );
    }
    for (const c of choices.filter((c) => c.action.type !== 'deploy' && c.action.type !== 'pass')) row.appendChild(choiceButton(c, immediate));
    out.push(row);
    return out;
  };

  const choiceButton = (c: ChoiceOption, immediate: boolean): HTMLElement => {
    const on = !immediate && selected !== null && sameAction(selected.action, c.action);
    const k = actionKind(c.action);
    const dseat = view.pending?.decision.seat;
    const hinted = hints?.some((x) => sameAction(x.action, c.action)) ?? false;
    return h(
      'button',
      {
        type: 'button',
        class: `btn choice-btn${on ? ' on' : ''}${hinted ? ' hinted' : ''}`,
        testid: 'choice',
        data: { action: canonical(c.action) },
        attrs: { 'aria-pressed': immediate ? null : String(on) },
        on: {
          click: () => {
            if (immediate) void playChoice(c);
            else {
              selected = on ? null : c;
              renderDecision();
            }
          },
        },
      },
      k ? followerIcon(k, colourOf(dseat), 22) : null,
      h('span', { class: 'label' }, c.label),
    );
  };

  /** Everything that depends on the pending decision and the tentative placement. */
  const renderDecision = (): void => {
    const p = pending();
    const hp = humanPending();
    const markers: Marker[] = [];
    main.dataset.mode = view.over ? 'over' : !p ? 'none' : p.by_bot ? 'bot' : !hp ? 'wait' : p.placements.length ? (tentative ? 'tentative' : 'place') : 'choose';
    main.dataset.state = String(view.state);
    board.svg.dataset.state = String(view.state);
    main.dataset.busy = String(busy);
    main.dataset.decision = p?.decision.kind ?? '';
    main.dataset.seat = p ? String(p.decision.seat) : '';
    main.style.setProperty('--seat', colourOf(p?.decision.seat));

    // prompt
    if (view.over) prompt.textContent = t.gameOverSoon;
    else if (p?.by_bot) prompt.textContent = t.botThinking(seat(p.decision.seat)?.name ?? '?');
    else if (p && !hp) prompt.textContent = t.waitingFor(seat(p.decision.seat)?.name ?? '?');
    else prompt.textContent = p?.prompt ?? '';
    prompt.classList.toggle('thinking', !!p && !hp);

    // spots and tentative tile
    // nearest the last tile first; keepSpotInSight then puts one on screen in front (the first Tab stop)
    const near = view.last_placed ?? [0, 0];
    const d = (at: Pos): number => Math.hypot(at[0] - near[0], at[1] - near[1]);
    board.setSpots(hp && hp.placements.length ? [...hp.placements].sort((a, b) => d(a.at) - d(b.at)) : null);
    if (hp?.placements.length) board.spotLabel(([x, y]) => t.placeHere(x, y));
    const tileId = hp?.tile ?? p?.tile ?? null;
    board.setTentative(tentative && tileId ? { tile: tileId, at: tentative.at, rotation: tentative.rotation, colour: colourOf(hp?.decision.seat) } : null);
    if (tentative) board.setGhost(null);
    setHand(tileId, tentative ? tentative.rotation : handRotation);
    hand.classList.toggle('waiting', !hp);

    // choices
    const parts: HTMLElement[] = [];
    if (hp && hp.placements.length && tentative && tileId) {
      if (preview) parts.push(...followerControls(preview, tentative.at, tileId, tentative.rotation, false, markers, hp.decision.seat));
      else parts.push(h('div', { class: 'follower-row loading' }, t.loading));
    } else if (hp && !hp.placements.length) {
      const ds = hp.decision.seat;
      if (turnSeat !== null && turnSeat !== ds && humans() > 1) parts.push(h('p', { class: 'pass-note', testid: 'pass-device' }, t.passDevice(seat(ds)?.name ?? '?')));
      if (hp.decision.kind === 'deploy') {
        const at = hp.decision.at;
        const placed = board.placedAt(at);
        parts.push(...followerControls(hp.choices, at, placed?.tile ?? '', placed?.rotation ?? 0, true, markers, ds));
      } else {
        parts.push(h('div', { class: 'choice-row' }, ...hp.choices.map((c) => choiceButton(c, true))));
        // markers where the choices are on the board
        const byPlace = new Map<string, ChoiceOption[]>();
        for (const c of hp.choices)
          if (c.at && c.feature_id) {
            const k = `${c.at[0]},${c.at[1]}/${c.feature_id}`;
            byPlace.set(k, [...(byPlace.get(k) ?? []), c]);
          }
        for (const cs of byPlace.values()) {
          const c = cs[0]!;
          const placed = board.placedAt(c.at!);
          const tile = placed ? app.tiles.get(placed.tile) : undefined;
          if (!tile || !placed) continue;
          const pt = spotAt(tile, c.feature_id!, c.at!, placed.rotation);
          markers.push({
            x: pt.x,
            y: pt.y,
            testid: 'choice-spot',
            data: { 'feature-id': c.feature_id!, action: canonical(c.action) },
            colour: colourOf(ds),
            kind: actionKind(c.action),
            selected: false,
            label: cs.map((x) => x.label).join(' / '),
            onPick: () => {
              if (cs.length === 1) void playChoice(c);
              else
                for (const b of choiceArea.querySelectorAll<HTMLElement>('[data-testid="choice"]'))
                  b.classList.toggle('hinted', cs.some((x) => canonical(x.action) === b.dataset.action));
            },
          });
        }
      }
    } else if (p?.by_bot && botErrors >= 3) {
      parts.push(button(t.retryBot, { class: 'btn', testid: 'retry-bot', on: { click: () => ((botErrors = 0), renderDecision(), scheduleBot()) } }));
    }
    if (view.over) parts.push(button(t.seeResults, { class: 'btn primary', testid: 'see-results', on: { click: () => source.finished(view) } }));
    choiceArea.replaceChildren(...parts);
    choiceArea.hidden = parts.length === 0;
    board.setMarkers(markers);

    // buttons
    const canPlace = !!hp && hp.placements.length > 0 && !busy;
    rotateBtn.disabled = !canPlace || (tentative ? tentative.rotations.length < 2 : handRotations().length < 2);
    takeBackBtn.disabled = !canPlace || !tentative;
    confirmBtn.disabled = !canPlace || !tentative;
    confirmBtn.classList.toggle('ready', !!tentative && !busy);

    // hints
    hintBtn.hidden = !app.settings.learning_aids || !source.hint;
    hintBtn.disabled = busy || !hp;
    hintArea.hidden = !app.settings.learning_aids || !hp || !hints?.length;
    hintList.replaceChildren(
      ...(hints ?? []).map((x, i) =>
        h(
          'button',
          { type: 'button', class: 'btn hint-item', testid: 'hint-item', data: { action: canonical(x.action) }, on: { click: () => useHint(x) } },
          h('span', { class: 'hint-n' }, String(i + 1)),
          h('span', { class: 'label' }, x.action.type === 'place' ? t.hintPlace(x.label, x.action.at[0], x.action.at[1]) : x.label),
        ),
      ),
    );
    const marked = new Set<string>();
    board.setHints(
      (hints ?? []).flatMap((x, i) => {
        if (x.action.type !== 'place') return [];
        const k = `${x.action.at[0]},${x.action.at[1]}`;
        if (marked.has(k)) return [];
        marked.add(k);
        return [{ at: x.action.at, rotation: x.action.rotation, n: i + 1 }];
      }),
    );
  };

  // ------------------------------------------------------------------ view updates
  const showBanner = (text: string): void => {
    clearTimeout(bannerTimer);
    banner.textContent = text;
    banner.hidden = false;
    banner.classList.remove('show');
    void banner.offsetWidth;
    banner.classList.add('show');
    bannerTimer = window.setTimeout(() => {
      banner.hidden = true;
      banner.classList.remove('show');
    }, 1600);
  };

  const applyView = (next: GameView, fresh = false): void => {
    // a table pushed while a move was on its way may be newer than the move's answer
    const v = pushed && pushed.state > next.state ? pushed : next;
    pushed = null;
    const prevState = view.state;
    view = v;
    if (v.state !== prevState || fresh) {
      tentative = null;
      preview = null;
      selected = null;
      hints = null;
      previewToken++;
      hintToken++;
      board.setGhost(null);
    }
    if (app.settings.animation === 0 || fresh) board.clearFlashes();
    lastPlacer = v.last_placed_by ?? null;
    const added = board.setTiles(v.tiles, !fresh && app.settings.animation > 0);
    board.setLastPlaced(v.last_placed, lastPlacer !== null ? colourOf(lastPlacer) : null);
    board.setFollowers(v.followers, v.seats);
    renderScoreboard();
    renderInfo();
    renderNewScores(fresh);

    const p = v.pending;
    if (p?.decision.kind === 'place_tile') turnSeat = p.decision.seat;
    else if (fresh && p) turnSeat = p.decision.seat;
    const hp = humanPending();
    if (hp && hp.placements.length) {
      const rs = handRotations();
      if (!rs.includes(handRotation)) handRotation = rs[0] ?? 0;
    }
    renderDecision();

    // camera: frame the table until the player moves it, then only keep things in sight
    // (the camera glides while bots play; when a person is to act, the board holds still at once:
    // a tap must land where the player aimed)
    const glide = fresh || hp ? 0 : animMs(350);
    if (fresh || (!board.userMoved && (added.length > 0 || (hp?.placements.length ?? 0) > 0))) frame(glide);
    else if (added.length && v.last_placed) board.ensureVisible(v.last_placed, glide);
    keepSpotInSight();

    // pass and play
    if (hp) {
      if (humans() > 1 && hp.decision.seat !== lastHumanSeat) {
        const name = seat(hp.decision.seat)?.name ?? '?';
        showBanner(hp.decision.kind === 'place_tile' || turnSeat === hp.decision.seat ? t.turnOf(name) : t.passDevice(name));
      }
      lastHumanSeat = hp.decision.seat;
    }

    if (v.over) {
      clearTimeout(endTimer);
      endTimer = window.setTimeout(() => !disposed && source.finished(view), animMs(2600));
    } else scheduleBot();
  };

  const resync = async (): Promise<void> => {
    try {
      const v = await source.refresh();
      if (disposed) return;
      applyView(v, false);
    } catch (e) {
      showError(e);
    }
  };

  const scheduleBot = (): void => {
    clearTimeout(botTimer);
    if (disposed || view.over || !view.pending?.by_bot || !source.botMove || botErrors >= 3) return;
    botTimer = window.setTimeout(() => void runBot(), Math.max(0, app.settings.bot_delay_ms));
  };

  const runBot = async (): Promise<void> => {
    if (disposed || busy || !view.pending?.by_bot || !source.botMove) return;
    busy = true;
    main.dataset.busy = 'true';
    try {
      const v = await source.botMove();
      if (disposed) return;
      botErrors = 0;
      busy = false;
      applyView(v);
    } catch (e) {
      busy = false;
      if (disposed) return;
      botErrors++;
      showError(e);
      await resync();
    } finally {
      busy = false;
      if (!disposed) main.dataset.busy = 'false';
    }
  };

  // ------------------------------------------------------------------ actions
  const requestPreview = (): void => {
    if (!tentative) return;
    const token = ++previewToken;
    const { at, rotation } = tentative;
    const keep = selected;
    preview = null;
    selected = null;
    source
      .preview(view.state, at, rotation)
      .then((choices) => {
        if (token !== previewToken || disposed) return;
        preview = choices;
        // keep the chosen follower on the same feature after a turn of the tile
        if (keep) {
          const k = actionKind(keep.action);
          selected = choices.find((c) => c.feature_id === keep.feature_id && actionKind(c.action) === k && c.action.type === keep.action.type) ?? null;
        }
        renderDecision();
        // the choices may have made the board smaller: keep the tile in sight
        requestAnimationFrame(() => tentative && !disposed && board.ensureVisible(tentative.at, 0));
      })
      .catch((e: unknown) => {
        if (token !== previewToken) return;
        showError(e);
        void resync();
      });
  };

  const pickCell = (at: Pos, rotation?: number): void => {
    const hp = humanPending();
    if (busy || !hp) return;
    const opt = hp.placements.find((p) => p.at[0] === at[0] && p.at[1] === at[1]);
    if (!opt) return;
    const r = rotation !== undefined && opt.rotations.includes(rotation) ? rotation : pickRotation(opt.rotations);
    const same = tentative && tentative.at[0] === at[0] && tentative.at[1] === at[1] && tentative.rotation === r;
    tentative = { at, rotation: r, rotations: opt.rotations };
    handRotation = r;
    if (!same) requestPreview();
    board.setGhost(null);
    renderDecision();
    board.ensureVisible(at, 0);
  };

  const rotate = (): void => {
    const hp = humanPending();
    if (busy || !hp || !hp.placements.length) return;
    if (tentative) {
      const rs = tentative.rotations;
      if (rs.length < 2) return;
      const i = rs.indexOf(tentative.rotation);
      tentative = { ...tentative, rotation: rs[(i + 1) % rs.length]! };
      handRotation = tentative.rotation;
      requestPreview();
    } else {
      const rs = handRotations();
      if (rs.length < 2) return;
      handRotation = rs.find((r) => r > handRotation) ?? rs[0]!;
    }
    renderDecision();
  };

  const takeBack = (): void => {
    if (busy || !tentative) return;
    tentative = null;
    preview = null;
    selected = null;
    previewToken++;
    renderDecision();
  };

  const confirm = async (): Promise<void> => {
    const hp = humanPending();
    if (busy || !hp || !tentative) return;
    const tt = tentative;
    const want: Action | null = selected?.action ?? null;
    const seatNo = hp.decision.seat;
    busy = true;
    renderDecision();
    let v: GameView | null = null;
    try {
      v = await source.play(seatNo, view.state, { type: 'place', at: tt.at, rotation: tt.rotation });
      const p = v.pending;
      if (p && !p.by_bot && p.decision.seat === seatNo && p.decision.kind === 'deploy') {
        const match = (want && p.choices.find((c) => sameAction(c.action, want))) || p.choices.find((c) => c.action.type === 'pass');
        if (match) {
          v = await source.play(seatNo, v.state, match.action);
        }
      }
    } catch (e) {
      showError(e);
      busy = false;
      if (v) applyView(v);
      else await resync();
      return;
    }
    busy = false;
    if (!disposed) applyView(v);
  };

  const playChoice = async (c: ChoiceOption): Promise<void> => {
    const hp = humanPending();
    if (busy || !hp) return;
    busy = true;
    renderDecision();
    try {
      const v = await source.play(hp.decision.seat, view.state, c.action);
      busy = false;
      if (!disposed) applyView(v);
    } catch (e) {
      busy = false;
      showError(e);
      if (e instanceof CommandError) toast(t.resynced, 'info');
      await resync();
    }
  };

  const askHint = async (): Promise<void> => {
    if (busy || !humanPending() || !source.hint) return;
    const token = ++hintToken;
    try {
      const r = await source.hint();
      if (token !== hintToken || disposed) return;
      hints = r;
      renderDecision();
    } catch (e) {
      showError(e);
    }
  };

  const useHint = (x: Hint): void => {
    const a = x.action;
    if (a.type === 'place') {
      pickCell(a.at, a.rotation);
      return;
    }
    const hp = humanPending();
    const c = hp?.choices.find((c) => sameAction(c.action, a));
    if (c) void playChoice(c);
  };

  // ------------------------------------------------------------------ input
  board.onSpot = (at, byKey) => {
    // Enter on the cell of the tentative tile confirms it (the keyboard way through a turn)
    if (byKey && tentative && tentative.at[0] === at[0] && tentative.at[1] === at[1]) void confirm();
    else pickCell(at);
  };
  board.onTentative = () => rotate();
  // a board grown or shrunk (a turned phone, a panel opened) must not leave the player without a cell to tap
  board.onResized = () => keepSpotInSight();
  // a choice's button and its marker on the board light up together
  board.onMarkerHover = (action) => {
    for (const b of choiceArea.querySelectorAll<HTMLElement>('[data-action]')) b.classList.toggle('hot', action !== null && b.dataset.action === action);
  };
  const hoverButton = (ev: Event): void => {
    const b = ev.target instanceof Element ? ev.target.closest<HTMLElement>('[data-action]') : null;
    board.hotMarker(ev.type === 'pointerout' || ev.type === 'focusout' ? null : (b?.dataset.action ?? null));
  };
  choiceArea.addEventListener('pointerover', hoverButton);
  choiceArea.addEventListener('pointerout', hoverButton);
  choiceArea.addEventListener('focusin', hoverButton);
  choiceArea.addEventListener('focusout', hoverButton);
  board.onSpotHover = (at) => {
    const hp = humanPending();
    if (!at || !hp || tentative || busy || !hp.tile) {
      board.setGhost(null);
      return;
    }
    const opt = hp.placements.find((p) => p.at[0] === at[0] && p.at[1] === at[1]);
    board.setGhost(opt ? { tile: hp.tile, at, rotation: pickRotation(opt.rotations) } : null);
  };
  hand.addEventListener('click', () => rotate());

  const onKey = (ev: KeyboardEvent): void => {
    const target = ev.target as HTMLElement | null;
    if (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) return;
    if (document.querySelector('.modal-overlay')) return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const onControl = !!target?.closest('button, [role="button"]');
    const pan = 90;
    switch (ev.key) {
      case 'ArrowLeft':
        board.panBy(pan, 0, animMs(120));
        break;
      case 'ArrowRight':
        board.panBy(-pan, 0, animMs(120));
        break;
      case 'ArrowUp':
        board.panBy(0, pan, animMs(120));
        break;
      case 'ArrowDown':
        board.panBy(0, -pan, animMs(120));
        break;
      case '+':
      case '=':
        board.zoomBy(1.25, undefined, undefined, animMs(150));
        break;
      case '-':
      case '_':
        board.zoomBy(0.8, undefined, undefined, animMs(150));
        break;
      case 'r':
      case 'R':
        rotate();
        break;
      case ' ':
        if (onControl) return;
        rotate();
        break;
      case 'Enter':
        if (onControl) return;
        void confirm();
        break;
      case 'Escape':
      case 'Backspace':
        if (main.classList.contains('show-log')) main.classList.remove('show-log');
        else takeBack();
        break;
      case 'c':
      case 'C':
        centre();
        break;
      default:
        return;
    }
    ev.preventDefault();
  };
  document.addEventListener('keydown', onKey);

  applyView(view, true);
  const unsubscribe = source.subscribe?.((v) => {
    if (disposed) return;
    if (busy) pushed = v;
    else applyView(v);
  });
  requestAnimationFrame(() => {
    if (!disposed) frame(0);
  });

  return () => {
    disposed = true;
    clearTimeout(botTimer);
    clearTimeout(endTimer);
    clearTimeout(bannerTimer);
    document.removeEventListener('keydown', onKey);
    unsubscribe?.();
    board.destroy();
  };
}
