// English words of the keyboard's help (issue 33, item 6): each key of the board screen and
// what it does. Spread at the end of `en` (en.ts); fr-keys.ts has the same keys.

export const keyWords = {
  /** The help overlay's title and the button that opens it (key ?). */
  keysTitle: 'Keyboard',
  keysOpen: 'Keys (?)',
  keysNote: 'Every game can be played with these keys alone; Tab and Shift+Tab go through every button, Enter or Space presses the one with the focus.',
  /** The keys column's heading and the actions column's. */
  keysKey: 'Key',
  keysAction: 'What it does',
  /** Each key (as written on the keyboard) and what it does on the board screen. */
  keysList: [
    ['N / Shift+N', 'Next / previous legal cell (the board follows it, the tile shows there)'],
    ['Arrows', 'On a legal cell, a follower spot or a choice: the next one that way; elsewhere: move the board'],
    ['Enter / Space', 'On a legal cell: put the tile there; on a button: press it'],
    ['R / Space', 'Turn the tile'],
    ['1 – 9, 0', 'The choices under the board, by their number: a follower, no follower, the Count, the City, an escape, the abbot’s recall'],
    ['K', 'Next kind of follower (meeple, big meeple, abbot)'],
    ['Enter', 'Confirm the tile and its follower; at the end of the game: the results'],
    ['Escape / Backspace', 'Take the tile back; close a panel or a window'],
    ['Ctrl+Z', 'Undo the last turn (where undo is allowed)'],
    ['+ / −', 'Zoom in / out'],
    ['C', 'Centre on the last tile'],
    ['F', 'The whole board'],
    ['V', 'Farm view'],
    ['Tab / Shift+Tab', 'Every button and cell, one after the other'],
    ['?', 'This help'],
  ] as [string, string][],
};
