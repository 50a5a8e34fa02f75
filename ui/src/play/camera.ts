// Where the board looks: the whole table when it fits at a readable size, else the last tile;
// a legal cell always in sight when a person is to place; the camera holds still while a
// person acts (a tap must land where the player aimed) and glides while bots play.
import type { Pos } from '../bindings';
import type { Board } from '../board/board';
import { animMs } from '../state';
import type { GameController } from './controller';

const isPhone = (): boolean => window.matchMedia('(max-width: 899px)').matches;

/** The least distance between two follower spots on screen: a finger's width. */
export const MIN_SPOT_GAP_PX = 44;

export class Camera {
  constructor(
    private readonly board: Board,
    private readonly ctrl: GameController,
  ) {}

  /** Shows the whole table if it fits at a readable size, else the last tile at that size. */
  frame(ms: number): void {
    const board = this.board;
    const maxCell = isPhone() ? 84 : 140;
    const minCell = isPhone() ? 56 : 72;
    const b = board.contentBounds();
    const cell = board.scale * 100;
    // already all in sight at a good size: keep still (a moving board is hard to tap)
    if (cell >= minCell - 0.5 && cell <= maxCell + 0.5 && board.boundsVisible(b, 12, 52)) return;
    if (board.fitScale(b) * 100 >= minCell) board.fit(maxCell, b, ms);
    else {
      const focus = this.ctrl.view.last_placed ?? this.ctrl.humanPending()?.placements[0]?.at ?? ([0, 0] as Pos);
      board.centreOn(focus, ms, minCell, maxCell);
    }
  }

  /** When a person is to place: a legal cell in sight below the prompt, and first among the spots. */
  keepSpotInSight(): void {
    const board = this.board;
    const hp = this.ctrl.humanPending();
    if (!hp || !hp.placements.length || board.svg.dataset.moving !== undefined) return;
    if (board.leadWithSpotInSight(48)) return;
    const c = board.viewCentre();
    const dist = (p: Pos): number => Math.hypot(p[0] - c.x, p[1] - c.y);
    const near = hp.placements.map((pl) => pl.at).reduce((a, b) => (dist(b) < dist(a) ? b : a));
    board.centreOn(near, 0);
    board.leadWithSpotInSight(48);
  }

  /**
   * A tentative tile's follower spots at least `MIN_SPOT_GAP_PX` apart on screen (7 spots on
   * a phone's 80 px tile would be too close to tap): zooms onto the tile as far as the board
   * allows. Returns whether it zoomed.
   */
  spreadSpots(at: Pos, spots: { x: number; y: number }[]): boolean {
    let gap = Infinity;
    for (let i = 0; i < spots.length; i++)
      for (let j = i + 1; j < spots.length; j++) gap = Math.min(gap, Math.hypot(spots[i].x - spots[j].x, spots[i].y - spots[j].y));
    if (!Number.isFinite(gap) || gap <= 0 || gap * this.board.scale >= MIN_SPOT_GAP_PX) return false;
    const { w, h } = this.board.size();
    // the whole tile and a small margin stay in sight
    const maxCell = Math.min(w - 16, h - 16);
    const cell = Math.min(maxCell, (MIN_SPOT_GAP_PX / gap) * 100);
    if (cell <= this.board.scale * 100) return false;
    this.board.centreOn(at, animMs(200), cell, cell);
    return true;
  }

  /** The centre button and key: back to the tentative tile, or the table framed. */
  centre(): void {
    this.board.userMoved = false;
    const tt = this.ctrl.tentative;
    if (tt) this.board.centreOn(tt.at, animMs(250));
    else this.frame(animMs(250));
  }

  /**
   * The fit button and key: the whole board and every legal cell in sight, however small;
   * the camera then holds there (as after the player's own zoom) until the centre button.
   */
  fitAll(): void {
    this.board.fit(isPhone() ? 84 : 140, this.board.contentBounds(), animMs(250));
    this.board.userMoved = true;
  }

  /** After a new table: frame it until the player moves the board, then keep things in sight. */
  afterView(fresh: boolean, added: number): void {
    const hp = this.ctrl.humanPending();
    const lastPlaced = this.ctrl.view.last_placed;
    const glide = fresh || hp ? 0 : animMs(350);
    if (fresh || (!this.board.userMoved && (added > 0 || (hp?.placements.length ?? 0) > 0))) this.frame(glide);
    else if (added && lastPlaced) this.board.ensureVisible(lastPlaced, glide);
    this.keepSpotInSight();
  }
}
