// The board screen's keyboard: arrows pan (or, from a legal cell, a follower spot or a choice,
// go to the next one that way), N / Shift+N go to the next / previous legal cell, +/- zoom, R or
// Space turns the tile, 1–9 and 0 press the choices, K changes the follower kind, Enter confirms
// (or, the game over, shows the results), Escape takes back (or closes the log), C centres,
// F fits the whole board, V switches the farm view, ? shows these keys, Ctrl+Z undoes the last
// confirmed turn. The keys are listed for players in the help (keyboard-help.ts, i18n keysList).
import type { Board } from '../board/board';
import { animMs } from '../state';
import { toggleKeyHelp } from './keyboard-help';
import type { KeyboardNav } from './keyboard-nav';

export interface KeyActions {
  rotate(): void;
  confirm(): void;
  /** Escape: closes an open panel first; returns whether it did. */
  closePanel(): boolean;
  takeBack(): void;
  centre(): void;
  fitAll(): void;
  /** Switches the farm view (fields in their farmers' colours). */
  farmView(): void;
  /** Takes back the last confirmed turn (where undo is allowed). */
  undo(): void;
  /** Cells, spots, choices and kinds by key (keyboard-nav.ts). */
  nav: KeyboardNav;
}

const PAN = 90;

/** What a key does on the board, or null if it is not one of the board's keys. */
function keyAction(key: string, onControl: boolean, board: Board, a: KeyActions): (() => void) | null | 'ignore' {
  const pan = (dx: number, dy: number) => () => a.nav.arrow(key) || board.panBy(dx, dy, animMs(120));
  if (/^[0-9]$/.test(key)) return () => a.nav.choose(key === '0' ? 10 : Number(key));
  switch (key) {
    case 'ArrowLeft':
      return pan(PAN, 0);
    case 'ArrowRight':
      return pan(-PAN, 0);
    case 'ArrowUp':
      return pan(0, PAN);
    case 'ArrowDown':
      return pan(0, -PAN);
    case 'n':
      return () => a.nav.nextCell(1);
    case 'N':
      return () => a.nav.nextCell(-1);
    case 'k':
    case 'K':
      return () => a.nav.nextKind();
    case '?':
      return toggleKeyHelp;
    case '+':
    case '=':
      return () => board.zoomBy(1.25, undefined, undefined, animMs(150));
    case '-':
    case '_':
      return () => board.zoomBy(0.8, undefined, undefined, animMs(150));
    case 'r':
    case 'R':
      return () => a.rotate();
    // on a focused button Space and Enter press the button
    case ' ':
      return onControl ? 'ignore' : () => a.rotate();
    case 'Enter':
      return onControl ? 'ignore' : () => a.nav.results() || a.confirm();
    case 'Escape':
    case 'Backspace':
      return () => a.closePanel() || a.takeBack();
    case 'c':
    case 'C':
      return () => a.centre();
    case 'f':
    case 'F':
      return () => a.fitAll();
    case 'v':
    case 'V':
      return () => a.farmView();
    default:
      return null;
  }
}

/** Listens to the document's keys for the board; returns the unbinding. */
export function bindBoardKeys(board: Board, actions: KeyActions): () => void {
  const onKey = (ev: KeyboardEvent): void => {
    const target = ev.target as HTMLElement | null;
    if (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) return;
    if (document.querySelector('.modal-overlay')) return;
    if ((ev.ctrlKey || ev.metaKey) && !ev.altKey && (ev.key === 'z' || ev.key === 'Z')) {
      actions.undo();
      ev.preventDefault();
      return;
    }
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const act = keyAction(ev.key, !!target?.closest('button, [role="button"]'), board, actions);
    if (act === null || act === 'ignore') return;
    act();
    ev.preventDefault();
  };
  document.addEventListener('keydown', onKey);
  return () => document.removeEventListener('keydown', onKey);
}
