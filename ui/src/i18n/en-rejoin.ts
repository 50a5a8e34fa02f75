// Back to a LAN table after the app closed: the seat and what the host showed of the draw are
// kept in this device's store until the game is over and checked (issue 27).
export const rejoinWords = {
  rejoinTitle: 'Rejoin the table',
  /** A kept seat: the table's room code and address, and the name sat under. */
  rejoinSeat: (room: string, address: string, name: string): string => `Room ${room} at ${address}: your seat as ${name} is kept for you.`,
  /** A table this device watched. */
  rejoinWatch: (room: string, address: string): string => `Room ${room} at ${address}: you were watching.`,
  rejoinHelp: 'This device still holds the draw’s commitments as the host first showed them, so the check at the end covers the whole game.',
  rejoin: 'Rejoin',
  rejoinForget: 'Forget',
  rejoinForgetAsk: (room: string): string => `Forget the table ${room}? This device will no longer take your seat back there, nor check its draws.`,
};
