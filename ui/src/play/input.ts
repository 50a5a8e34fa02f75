// The board's pointer input in a game: cells, the tentative tile, choice markers and the
// buttons that match them, the ghost of the drawn tile under the pointer.
import type { Board } from '../board/board';
import type { Camera } from './camera';
import type { GameController } from './controller';

export /** The board's pointer input: cells, the tentative tile, markers and their buttons. */
function bindBoardInput(board: Board, ctrl: GameController, choiceArea: HTMLElement, camera: Camera): void {
  board.onSpot = (at, byKey) => {
    const tt = ctrl.tentative;
    // Enter on the cell of the tentative tile confirms it (the keyboard way through a turn)
    if (byKey && tt && tt.at[0] === at[0] && tt.at[1] === at[1]) void ctrl.confirm();
    else ctrl.pickCell(at);
  };
  board.onTentative = () => ctrl.rotate();
  // a board grown or shrunk (a turned phone, a panel opened) must not leave the player without a cell to tap
  board.onResized = () => camera.keepSpotInSight();
  // a choice's button and its marker on the board light up together
  board.onMarkerHover = (action) => {
    for (const b of choiceArea.querySelectorAll<HTMLElement>('[data-action]')) b.classList.toggle('hot', action !== null && b.dataset.action === action);
  };
  const hoverButton = (ev: Event): void => {
    const b = ev.target instanceof Element ? ev.target.closest<HTMLElement>('[data-action]') : null;
    board.hotMarker(ev.type === 'pointerout' || ev.type === 'focusout' ? null : (b?.dataset.action ?? null));
  };
  for (const type of ['pointerover', 'pointerout', 'focusin', 'focusout']) choiceArea.addEventListener(type, hoverButton);
  board.onSpotHover = (at) => {
    const hp = ctrl.humanPending();
    const opt = at && hp && !ctrl.tentative && !ctrl.busy && hp.tile ? hp.placements.find((p) => p.at[0] === at[0] && p.at[1] === at[1]) : undefined;
    board.setGhost(opt && at && hp?.tile ? { tile: hp.tile, at, rotation: ctrl.pickRotation(opt.rotations) } : null);
  };
}
