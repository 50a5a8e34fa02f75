// The board screen's keyboard: arrows pan, +/- zoom, R or Space turns the tile, Enter confirms,
// Escape takes back (or closes the log), C centres, F fits the whole board, V switches the farm
// view, Ctrl+Z undoes the last confirmed turn.
import type { Board } from '../board/board';
import { animMs } from '../state';

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
}

const PAN = 90;

/** What a key does on the board, or null if it is not one of the board's keys. */
function keyAction(key: string, onControl: boolean, board: Board, a: KeyActions): (() => void) | null | 'ignore' {
  switch (key) {
    case 'ArrowLeft':
      return () => board.panBy(PAN, 0, animMs(120));
    case 'ArrowRight':
      return () => board.panBy(-PAN, 0, animMs(120));
    case 'ArrowUp':
      return () => board.panBy(0, PAN, animMs(120));
    case 'ArrowDown':
      return () => board.panBy(0, -PAN, animMs(120));
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
      return onControl ? 'ignore' : () => a.confirm();
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
