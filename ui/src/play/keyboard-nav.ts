// The board screen's keyboard navigation beyond panning (issue 33, item 6): N / Shift+N go
// from legal cell to legal cell (the camera follows, the drawn tile shows there), the arrows
// move between legal cells, follower spots or the tray's buttons when one of them has the
// focus, 1–9 and 0 press the tray's choices (each shows its number while the keyboard is in
// use), K changes the follower kind, and the focus survives the redraws of a decision.
import type { Pos } from '../bindings';
import type { Board } from '../board/board';

export interface KeyboardNav {
  /** Focuses the next (`step` 1) or previous (−1) legal cell; false when there is none. */
  nextCell(step: 1 | -1): boolean;
  /** Moves the focus in the arrow's direction among its kind; false when the focus is elsewhere. */
  arrow(key: string): boolean;
  /** Presses the tray's `n`th choice (1-based); false when there is none. */
  choose(n: number): boolean;
  /** The next follower kind (meeple, big meeple, abbot) where several are offered. */
  nextKind(): boolean;
  /** Presses the button that ends the game screen (the results), if it is shown. */
  results(): boolean;
  dispose(): void;
}

/** The buttons the digit keys press: the decision's own, not the follower kinds. */
export function choiceButtons(area: HTMLElement): HTMLButtonElement[] {
  return [...area.querySelectorAll<HTMLButtonElement>('button')].filter((b) => !b.closest('.kind-row') && !b.disabled && !b.hidden);
}

const cellOf = (e: Element): Pos => [Number(e.getAttribute('data-x')), Number(e.getAttribute('data-y'))];
const centre = (e: Element): { x: number; y: number } => {
  const r = e.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
};
const DIRS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** The nearest of `others` in direction `d` from `from` (cells off to the side count for more). */
function towards(from: Element, others: Element[], d: [number, number]): Element | null {
  const a = centre(from);
  let best: Element | null = null;
  let bestScore = Infinity;
  for (const o of others) {
    if (o === from) continue;
    const b = centre(o);
    const along = (b.x - a.x) * d[0] + (b.y - a.y) * d[1];
    if (along <= 1) continue;
    const across = Math.abs((b.x - a.x) * d[1] - (b.y - a.y) * d[0]);
    const score = along + 2 * across;
    if (score < bestScore) {
      bestScore = score;
      best = o;
    }
  }
  return best;
}

/** A stable name for a focusable element of the decision, to find its redrawn twin. */
function identity(e: Element): string | null {
  const d = (e as HTMLElement | SVGElement).dataset;
  if (d.testid === 'spot') return `spot ${d.x},${d.y}`;
  if (e.closest('.choice-area, .layer-markers')) return `${d.testid} ${d.action ?? ''} ${d.kind ?? ''} ${d.featureId ?? d['feature-id'] ?? ''}`;
  return null;
}

function findTwin(root: Element, id: string): HTMLElement | SVGElement | null {
  for (const e of root.querySelectorAll<HTMLElement | SVGElement>('[data-testid]')) if (identity(e) === id) return e;
  return null;
}

/**
 * Keyboard navigation on the board screen `main` with its `board` and the tray's `area`.
 * `showAt` shows the drawn tile at a cell (null: nowhere), as the pointer's hover does.
 */
export function createKeyboardNav(main: HTMLElement, board: Board, area: HTMLElement, showAt: (at: Pos | null) => void): KeyboardNav {
  const spots = (): Element[] => [...board.svg.querySelectorAll('[data-testid="spot"]')];
  const focusCell = (e: Element): void => {
    (e as SVGElement).focus({ preventScroll: true });
    const at = cellOf(e);
    board.ensureVisible(at, 0);
    showAt(at);
  };
  // the focused element's name before a redraw, its twin focused after it
  let lastId: string | null = null;
  const onFocusIn = (ev: FocusEvent): void => {
    const e = ev.target instanceof Element ? ev.target : null;
    lastId = e ? identity(e) : null;
    // Tab onto a legal cell: the camera brings it into sight, the tile shows there (not for a
    // click or a tap: the board must hold still under the pointer)
    if (e?.getAttribute('data-testid') === 'spot' && !restoring && e.matches(':focus-visible')) {
      board.ensureVisible(cellOf(e), 0);
      showAt(cellOf(e));
    }
  };
  const onFocusOut = (ev: FocusEvent): void => {
    if (ev.target instanceof Element && ev.target.getAttribute('data-testid') === 'spot') showAt(null);
  };
  let restoring = false;
  const observer = new MutationObserver(() => {
    numberChoices(area);
    const active = document.activeElement;
    if (!lastId || (active && active !== document.body && active.isConnected)) return;
    const twin = findTwin(main, lastId);
    if (!twin) return;
    restoring = true;
    twin.focus({ preventScroll: true });
    restoring = false;
  });
  observer.observe(main, { childList: true, subtree: true });
  main.addEventListener('focusin', onFocusIn);
  main.addEventListener('focusout', onFocusOut);

  return {
    nextCell(step) {
      const all = spots();
      if (!all.length) return false;
      const i = all.indexOf(document.activeElement as Element);
      const next = i < 0 ? (step > 0 ? all[0] : all[all.length - 1]) : all[(i + step + all.length) % all.length];
      if (next) focusCell(next);
      return true;
    },
    arrow(key) {
      const d = DIRS[key];
      const active = document.activeElement;
      if (!d || !active || !main.contains(active)) return false;
      if (active.getAttribute('data-testid') === 'spot') {
        const next = towards(active, spots(), d);
        if (next) focusCell(next);
        return true;
      }
      if (active.closest('.layer-markers')) {
        const next = towards(active, [...board.svg.querySelectorAll('.layer-markers .marker')], d);
        (next as SVGElement | null)?.focus({ preventScroll: true });
        return true;
      }
      if (active.closest('.choice-area') && active instanceof HTMLButtonElement) {
        const all = [...area.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
        const next = all[(all.indexOf(active) + d[0] + d[1] + all.length) % all.length];
        next?.focus();
        return true;
      }
      return false;
    },
    choose(n) {
      const b = choiceButtons(area)[n - 1];
      b?.click();
      return !!b;
    },
    nextKind() {
      const kinds = [...area.querySelectorAll<HTMLButtonElement>('.kind-row button')];
      if (kinds.length < 2) return false;
      const on = kinds.findIndex((b) => b.classList.contains('on'));
      kinds[(on + 1) % kinds.length]?.click();
      return true;
    },
    results() {
      const b = area.querySelector<HTMLButtonElement>('[data-testid="see-results"]');
      b?.click();
      return !!b;
    },
    dispose() {
      observer.disconnect();
      main.removeEventListener('focusin', onFocusIn);
      main.removeEventListener('focusout', onFocusOut);
    },
  };
}

/** Writes each choice's digit (1–9, then 0) on it, for the badge the keyboard mode shows. */
function numberChoices(area: HTMLElement): void {
  choiceButtons(area).forEach((b, i) => {
    const key = i < 9 ? String(i + 1) : i === 9 ? '0' : '';
    if (b.dataset.key !== key) {
      if (key) b.dataset.key = key;
      else delete b.dataset.key;
    }
  });
}
