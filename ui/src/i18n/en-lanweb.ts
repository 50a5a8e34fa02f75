// The web app at a LAN table (issue 32): joining the table that served it, and the check of
// the draws by replay with its own engine; the lobby's turn timer (issue 27).
import { tableEn } from './page.js';
export const lanWebWords = {
  homeJoinHere: 'Join the table here',
  /** A tile drawn in the game that the revealed seed does not draw (1-based). */
  fairDrawDiffers: (draw: number): string => `replaying the game with the revealed seed does not draw tile ${draw} as the host showed or recorded it`,
  /** The host's turn timer as the lobby shows it to everyone (`null`: none). */
  tableTurnTimer: tableEn.turnTimer,
};
