// Every string the UI shows, in English. A translation copies this object with the same keys
// (the type `Strings` keeps them in step). The API sends facts (decisions, choices, scorings,
// refusals with their codes); the functions here put them into words.
import type { FeatureKind, FollowerKind, LanHandOver, LanStep, Quarter, TileInfo, TileSet } from '../bindings';
import { aidWords } from './en-aids';
import { whyWords } from './en-why';
import { ruleWords } from './en-rules';

import { keyWords } from './en-keys';
import { tutorialWords } from './en-tutorial';
import { catalogueWords } from './en-catalogue';
import { describeWords } from './en-describe';
import { errorWords } from './en-errors';
import { lanWebWords } from './en-lanweb';
import { lanTlsWords } from './en-lantls';
import { rejoinWords } from './en-rejoin';
import { words } from './en-words';

const plurals = new Intl.PluralRules('en');
const numbers = new Intl.NumberFormat('en');
const plural = (n: number, one: string, many: string): string => `${numbers.format(n)} ${plurals.select(n) === 'one' ? one : many}`;
const ordinals = new Intl.PluralRules('en', { type: 'ordinal' });
const ordinalOf = (n: number): string => `${n}${({ one: 'st', two: 'nd', few: 'rd' } as Record<string, string>)[ordinals.select(n)] ?? 'th'}`;

export const en = {
  lang: 'en',
  appName: 'Carcassonne',
  tagline: 'Lay tiles, claim cities, roads and fields.',
  back: 'Back',
  home: 'Home',
  cancel: 'Cancel',
  save: 'Save',
  delete: 'Delete',
  edit: 'Edit',
  close: 'Close',
  dismiss: 'Dismiss',
  loading: 'Loading…',
  ok: 'OK',

  // Home
  homeNewGame: 'New game',
  homeProfiles: 'Profiles',
  homeSettings: 'Settings',
  homeGallery: 'Tile gallery',
  homeHistory: 'Your games',
  historyTitle: 'Your games',
  historyAll: 'All',
  historyByProfile: 'Player',
  historyByPlayers: 'Players',
  historyBySet: 'Expansion',
  historyNone: 'No game yet: every game you play is kept here.',
  historyNoMatch: 'No game matches these filters.',
  historyReplay: 'Replay',
  historyExport: 'Export',
  historyBranchOf: (action: number) => `Played on from another game, after its action ${action}`,
  historyParent: 'See where it branched',
  bagTitle: 'Tiles still to come',
  bagTile: (n: number) => plural(n, 'tile of this kind', 'tiles of this kind'),
  tileSetName: (s: TileSet): string =>
    ({ base: 'Base game', river1: 'The River', river2: 'The River II', inns_cathedrals: 'Inns & Cathedrals', ckr_shrines: 'Heretics & Shrines', ckr_land: 'New land tiles', ckr_city: 'City of Carcassonne', besiegers: 'The Besiegers', cathars: 'The Cathars', siege: 'The Siege' })[s],
  chartTitle: 'Scores over the game',
  chartSummary: (finals: [string, number][]) => `Scores over the game. At the end: ${finals.map(([n, v]) => `${n} ${v}`).join(', ')}.`,
  chartTurns: (n: number) => plural(n, 'turn', 'turns'),
  branchTitle: 'Play on from here',
  branchNote: 'A new game starts from this point with the same tiles to come; the game you are watching stays as it is. Change who sits where if you like.',
  branchStart: 'Play on',
  historyImport: 'Open a game file',
  historyDrop: 'Or drop a game file here',
  historyExported: 'The game file is saved.',
  historyImported: 'The game is opened: the engine replayed every move.',
  recordFiles: 'Carcassonne game records',
  historyContinue: 'Continue',
  historyDelete: 'Delete this game',
  historyDeleteAsk: (names: string) => `Delete the game of ${names}? It cannot be replayed afterwards.`,
  historyDamaged: 'This saved game is damaged and cannot be opened.',
  gameStatus: (s: 'playing' | 'finished' | 'abandoned'): string => ({ playing: 'In progress', finished: 'Finished', abandoned: 'Abandoned' })[s],
  replaySeek: 'Position in the game',
  replayPlay: 'Play',
  replayPause: 'Pause',
  replayPrev: 'Previous action',
  replayNext: 'Next action',
  replayPrevTurn: 'Previous turn',
  replayNextTurn: 'Next turn',
  replaySpeed: 'Speed',
  replaySpeedValue: (x: number) => `${x}×`,
  replayPosition: (turn: number, turns: number, action: number, actions: number) => `Turn ${turn} of ${turns} · action ${action} of ${actions}`,
  replayKeys: 'Keys: ← → one action, Shift+← → or Page Up/Down one turn, Home / End, Space plays or pauses, Esc back',
  homeContinue: 'Continue a game',
  homeNoGames: 'No game in progress. Start a new one!',
  recoveryTitle: 'Your saved data was damaged',
  /** What could still be read from a damaged store, copied into a new one. */
  recoveryKept: (profiles: number, games: number, partial: number) =>
    `Kept: ${plural(profiles, 'profile', 'profiles')}, ${plural(games, 'whole game', 'whole games')}` + (partial ? `, ${plural(partial, 'game', 'games')} up to the damage (they can be continued from there)` : '') + '.',
  recoveryLost: (games: number) => `${plural(games, 'game', 'games')} could not be read.`,
  /** Where the damaged file is now, untouched. */
  recoveryKeptAt: (path: string) => `The damaged file was left as it was, under a new name: ${path}`,
  recoveryDismiss: 'Understood',
  homeTurns: (n: number) => plural(n, 'turn played', 'turns played'),
  homeAbandon: 'Abandon',
  homeAbandonAsk: (seats: string) => `Abandon the game of ${seats}? It will not count in the statistics.`,
  homeResume: (seats: string) => `Resume the game of ${seats}`,
  ago: (seconds: number): string => {
    if (seconds < 60) return 'just now';
    const m = Math.floor(seconds / 60);
    if (m < 60) return `${m} min ago`;
    const h = Math.floor(m / 60);
    if (h < 24) return plural(h, 'hour', 'hours') + ' ago';
    const d = Math.floor(h / 24);
    if (d < 7) return plural(d, 'day', 'days') + ' ago';
    return '';
  },
  dateTime: (unixSeconds: number) =>
    new Date(unixSeconds * 1000).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }),
  andList: (names: string[]): string =>
    names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`,
  /** A label before what it names ("Expansions: "); French spaces the colon. */
  labelled: (label: string): string => `${label}: `,
  /** Two clauses of one sentence, such as a seat's score and its supply. */
  clauses: (first: string, second: string): string => `${first}; ${second}`,

  // Profiles
  profilesTitle: 'Profiles',
  profilesNew: 'New profile',
  profileName: 'Name',
  profileColour: 'Colour',
  profileNamePlaceholder: 'Your name',
  profileCreate: 'Create',
  profilesEmpty: 'No profile yet: create one to play.',
  profileDeleteAsk: (name: string) =>
    `Delete the profile ${name}? Its statistics are lost; saved games keep the name.`,
  profileStats: (games: number, wins: number, average: number, best: number) =>
    `${plural(games, 'game', 'games')} · ${plural(wins, 'win', 'wins')} · average ${average.toFixed(1)} · best ${best}`,
  statGames: 'Games',
  statWins: 'Wins',
  statAverage: 'Average',
  statBest: 'Best',
  statsOpen: 'Statistics',
  statsTitle: (name: string) => `${name}: statistics`,
  statsNone: 'No finished game yet: statistics count every game played to its end.',
  statsWinRate: 'Win rate',
  statsBestOpen: 'Watch the best game again',
  statsRecent: 'Recent games',
  statsForm: 'Places in the last games, oldest first',
  statsFormGame: (place: number, players: number, score: number, ended: Date) =>
    `${ordinalOf(place)} of ${players} with ${score} points, ${ended.toLocaleDateString('en', { day: 'numeric', month: 'short', year: 'numeric' })}`,
  statsRecentGames: (n: number) => plural(n, 'game', 'games'),
  statsChartSummary: (scores: number[]) =>
    scores.length ? `Scores of the last ${plural(scores.length, 'game', 'games')}, oldest first: ${scores.join(', ')}.` : 'No scores yet.',
  statsPerGame: 'Points per game',
  statsCategory: (k: string) => ({ roads: 'Roads', cities: 'Cities', monasteries: 'Monasteries', fields: 'Fields', bonuses: 'Bonuses' })[k] ?? k,
  statsByPlayers: 'By number of players',
  statsPlayers: (n: number) => plural(n, 'player', 'players'),
  statsBySet: 'By expansion',
  statsBaseOnly: 'Base game only',
  statsHeadToHead: 'Head to head',
  statsOpponent: 'Against',
  statsAheadBehind: 'Ahead – behind',
  statsAheadBehindShort: (ahead: number, behind: number, level: number) => (level ? `${ahead} – ${behind} (${plural(level, 'tie', 'ties')})` : `${ahead} – ${behind}`),
  statsAheadBehindLong: (ahead: number, behind: number, level: number) =>
    `Scored more ${plural(ahead, 'time', 'times')}, less ${plural(behind, 'time', 'times')}${level ? `, the same ${plural(level, 'time', 'times')}` : ''}`,
  statsNoOpponents: 'No opponent with a profile or a bot level yet.',
  percent: (share: number) => new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 0 }).format(share),
  decimal: (v: number) => new Intl.NumberFormat('en', { maximumFractionDigits: 1 }).format(v),
  ordinal: (n: number) => ordinalOf(n),
  colourName: (hex: string): string =>
    ({
      // the palette (crates/table COLOURS)
      '#0072b2': 'blue',
      '#d55e00': 'vermilion',
      '#009e73': 'green',
      '#cc79a7': 'pink',
      // older colours, still worn by profiles and saved games
      '#1f6fd1': 'blue',
      '#e8741c': 'orange',
      '#2e9e44': 'green',
      '#d6338a': 'pink',
      '#222222': 'black',
      '#e8c21c': 'yellow',
    })[hex.toLowerCase()] ?? hex,
  customColour: 'Another colour',

  // New game
  newGameTitle: 'New game',
  seats: 'Players',
  seatN: (n: number) => `Seat ${n}`,
  addSeat: 'Add a player',
  removeSeat: 'Remove this player',
  humans: 'People',
  bots: 'Bots',
  guestOption: 'Guest (no profile)',
  guestName: 'Guest’s name',
  guestNote: 'Plays without a profile; can be kept as one at the end',
  guestDefault: (n: number) => `Player ${n}`,
  seatIsPerson: 'Person',
  seatIsBot: 'Bot',
  quickTitle: 'Quick game',
  quickVsBot: 'You against a bot',
  quickYou: 'You',
  quickBotLevel: 'Bot level',
  quickPassPlay: 'Pass and play',
  quickPlayers: 'Players',
  quickStart: 'Play',
  saveGuest: (name: string) => `Keep ${name} as a profile`,
  guestSaved: (name: string) => `${name} is now a profile.`,
  botOption: (name: string) => `Bot: ${name}`,
  seatColour: 'Colour',
  profileColourNote: 'Uses the profile’s colour',
  seatOrder: 'Seat order',
  orderAsListed: 'As listed',
  orderRandom: 'Random',
  expansions: 'Expansions',
  options: 'Options',
  tilesCount: (n: number) => (n > 0 ? plural(n, 'tile', 'tiles') : 'no new tiles'),
  setupOk: 'Ready to play.',
  setupChecking: 'Checking…',
  start: 'Start the game',
  noProfilesHint: 'Tip: create a profile to keep your statistics.',
  createProfile: 'Create a profile',

  // Settings
  settingsTitle: 'Settings',
  language: 'Language',
  languageNames: { en: 'English', fr: 'Français' } as Record<string, string>,
  animation: 'Animations',
  animationOff: 'Off',
  animationNormal: 'Normal',
  animationFast: 'Fast',
  animationNote: 'Always off when the system asks for reduced motion.',
  textSize: 'Text size',
  highContrast: 'High contrast',
  highContrastNote: 'Darker text, thicker outlines and borders.',
  learningAids: 'Learning aids',
  learningAidsNote: 'Hints and highlighted scoring. Turn off for purist play.',
  allowUndo: 'Undo',
  allowUndoNote: 'Pass-and-play games may take back the last confirmed turn. Turn off for tournament play.',
  volume: 'Sound volume',
  soundOn: 'Sound',
  soundOnNote: 'Your turn, tiles, scores and the end of the game.',
  mute: 'Mute',
  unmute: 'Sound on',
  botDelay: 'Bot move delay',
  ms: (n: number) => `${numbers.format(n)} ms`,
  saved: 'Saved',

  // Board
  boardLabel: 'The board',
  tilesLeft: (n: number) => `${plural(n, 'tile', 'tiles')} left`,
  rotate: 'Rotate',
  confirm: 'Confirm',
  takeBack: 'Take back',
  noFollower: 'No follower',
  featureShort: (kind: string): string =>
    ({ city: 'City', road: 'Road', field: 'Field', monastery: 'Monastery', garden: 'Garden', shrine: 'Shrine', river: 'River' })[kind] ?? kind,
  hint: 'Hint',
  hintsTitle: 'Suggestions',
  kindLeft: (k: FollowerKind, n: number) => `${en.follower(k)} ×${n}`,
  placeHere: (x: number, y: number) => `Place the tile at ${x}, ${y}`,
  yourTile: 'Tile to place',
  turnOf: (name: string) => `${name}’s turn`,
  passDevice: (name: string) => `Pass the device to ${name}`,
  decides: (name: string) => `${name} decides`,
  botThinking: (name: string) => `${name} is playing…`,
  scoreLog: 'Turns',
  scoreLogEmpty: 'No turn played yet.',
  undo: 'Undo last turn',
  undone: 'Turn taken back. The draws are seeded: the same tile comes again.',
  log: 'Log',
  city: 'City of Carcassonne',
  count: 'The Count',
  quarter: (q: Quarter): string =>
    ({ castle: 'Castle', market: 'Market', blacksmith: 'Blacksmith', cathedral: 'Cathedral' })[q],
  king: 'King',
  robber: 'Robber Baron',
  holder: (name: string, tiles: number) => `${name} (${plural(tiles, 'tile', 'tiles')})`,
  nobody: 'nobody yet',
  follower: (k: FollowerKind): string => ({ meeple: 'Meeple', big_meeple: 'Big meeple', abbot: 'Abbot' })[k],
  supply: (k: FollowerKind, n: number): string =>
    `${n} ${({ meeple: n === 1 ? 'meeple' : 'meeples', big_meeple: n === 1 ? 'big meeple' : 'big meeples', abbot: n === 1 ? 'abbot' : 'abbots' })[k]} left`,
  seatScore: (name: string, score: number) => `${name}: ${score} points`,
  bot: 'bot',
  gameOverSoon: 'Game over!',
  seeResults: 'See the results',
  retryBot: 'Let the bot play',
  centre: 'Centre',
  zoomIn: 'Zoom in',
  fitBoard: 'Whole board',
  countShort: (n: number): string => `×${n}`,
  zoomOut: 'Zoom out',
  keysHelp: 'Keys: N next legal cell, arrows pan, + / − zoom, R rotate, 1–9 the choices, Enter confirm, Esc take back, C centre, F whole board, V farm view, Ctrl+Z undo the last turn, ? every key',

  // End
  endTitle: 'Game over',
  winner: (names: string[]) =>
    names.length === 1 ? `${names[0]} wins!` : `${en.andList(names)} share the victory!`,
  standings: 'Standings',
  rank: (n: number) => `${n}.`,
  points: (n: number) => plural(n, 'point', 'points'),
  breakdown: 'Points by category',
  player: 'Player',
  catRoads: 'Roads',
  catCities: 'Cities',
  catMonasteries: 'Monasteries',
  catFields: 'Fields',
  catBonuses: 'Bonuses',
  total: 'Total',
  byFeature: 'Every scoring',
  finalBoard: 'The final board',
  savePicture: 'Save the picture',
  playAgain: 'New game, same setup',

  // Network play (LAN)
  homeLan: 'Play on the network',
  lanTitle: 'Play on the network',
  lanHostTitle: 'Host a table',
  lanHostHelp: 'Friends on the same Wi-Fi join from their phone browser or their app.',
  lanName: 'Table name',
  lanDefaultName: 'Carcassonne table',
  lanSeats: 'Seats',
  lanHost: 'Host the table',
  lanRoom: 'Room code',
  lanJoinAt: 'Phones open',
  lanScan: 'Or scan this code with a phone camera.',
  lanNotAdvertised: (why: string) => `Not announced on the network (${why}): share the address.`,
  lanOpenMine: 'Sit at the table (host controls)',
  lanOpenPage: 'Open the phones’ page',
  lanStop: 'Stop hosting',
  lanSavedTitle: 'A table stopped before its game ended',
  lanSaved: (name: string, room: string, players: string, moves: number, started: boolean) =>
    `${name} (room ${room}): ${players}. ${started ? `${moves} moves played.` : 'Still in its lobby.'} Take it up again and everyone comes back to their seat.`,
  lanSavedProblem: (why: string) => `A saved table cannot be taken up: ${why}`,
  lanResume: 'Take the table up again',
  lanDiscard: 'Discard it',
  lanSavedNew: 'Hosting a new table discards it.',
  lanSaveError: (why: string) => `This table is not being saved (${why}): if this device stops, the game is lost.`,
  lanJoinTitle: 'Join a table',
  lanSearch: 'Look for tables',
  lanSearching: 'Looking for tables…',
  lanNoneFound: 'No table found on this network. Ask the host for the address.',
  lanIncompatible: 'another app version',
  lanAddress: 'Address (for example 192.168.1.20:7878)',
  lanJoin: 'Join',
  waitingFor: (name: string) => `Waiting for ${name}…`,
  tableTitle: 'Join the table',
  tableRoom: 'Room code',
  tableName: 'Your name',
  tableGuest: 'Guest',
  tablePlay: 'Join as a player',
  tableWatch: 'Watch',
  tableLeave: 'Leave the table',
  tableSeats: 'Seats',
  tableSeatEmpty: 'Empty seat',
  tableSeatBot: 'Bot',
  tableYou: 'you',
  tableAway: 'away',
  tableHostControls: 'Host controls',
  tableSeatCount: 'Number of seats',
  tableMakeBot: 'Bot',
  tableMakeEmpty: 'Free',
  tableExpansions: 'Expansions',
  tableRules: 'Rules',
  tableBaseOnly: 'none, the base game',
  tableNoOptions: 'The standard rules.',
  tableStart: 'Start the game',
  tableBotsForAway: 'Bots for players away',
  tableWaitHost: 'Waiting for the host to start the game.',
  tableYouStart: 'Start the game once everyone has a seat (or give empty seats to bots).',
  tableWatching: 'You are watching this table.',
  tableDrawing: 'Drawing the tiles fairly: every player adds a random share…',
  tableConnected: 'Connected',
  tableConnecting: 'Connecting…',
  tableReconnecting: 'Connection lost — reconnecting…',
  tableClosed: 'Disconnected',
  tableSuperseded: 'This seat was opened on another device.',
  tableChat: 'Chat',
  tableSay: 'Message',
  tableSend: 'Send',
  tableNoChat: 'No messages yet.',
  tableOver: 'Game over',
  tableFairOk: 'Fair draws checked: the host’s secret matches the commitment it made before your share, every share was committed, and the seed comes from them.',
  tableFairBad: (why: string) => `The draws do not check out: ${why}.`,
  tableFairReplayed: 'Fair draws checked by this app: the host’s secret matches its commitment, every share was committed, the seed comes from them, and replaying the game with it draws exactly the tiles you saw.',
  tableFairChecking: 'Checking the draws…',
  tableFairNone: 'The draws could not be checked (no result).',
  // the host's turn timer and hand-overs (facts from the host: seat, step, reason, seconds)
  tableCountdown: (who: string, step: LanStep, reason: LanHandOver, seconds: number) =>
    `${reason === 'host' ? `The host is giving ${who}’s seat to a bot` : `${who} has had their time`}: a bot takes the seat in ${seconds} s unless they ${step === 'turn' ? 'play' : 'add their share to the draw'}.`,
  tableHandedOver: (who: string, reason: LanHandOver) =>
    `${reason === 'away' ? `${who} was away` : reason === 'timer' ? `${who} took too long` : `The host gave ${who}’s seat away`}: a bot plays it now (they can take it back).`,
  tableRemoved: 'The host removed you from this table.',
  tableKept: 'The game is kept in Your games.',
  tableGiveWaiting: 'Give the waiting seat to a bot',
  // bots' levels at a table, and a spectator taking a free seat or a bot's (the host consents)
  tableBotLevel: 'Bot level',
  tableAwayLevel: 'Bot for players away',
  /** A seat waited on this long is announced, then goes to a bot after a grace period. */
  lanTurnTimer: 'Turn timer',
  lanTurnTimerOff: 'Off',
  lanTurnTimerMinutes: (m: number) => `${m} min per turn`,
  tableAwayBots: (level: string) => `A bot (${level}) takes the seat of a player who is away.`,
  tableAskSeat: (seat: string) => `Ask for ${seat}`,
  tableSeatAsked: (who: string, seat: string) => `${who} asks to play ${seat}.`,
  tableSeatAccept: 'Let them play',
  tableSeatRefuse: 'Refuse',
  tableSeatWaiting: (seat: string) => `You asked for ${seat}: waiting for the host’s answer.`,
  // taking back a turn at a table: asked by its player, accepted by every other person
  tableUndoAsked: (who: string) => `${who} asks to take back their last turn (the same tile comes again).`,
  tableUndoWaiting: (names: string[]) => `Waiting for ${new Intl.ListFormat('en').format(names)} to accept.`,
  tableUndoAccept: 'Accept',
  tableUndoDecline: 'Decline',
  tableUndoDeclined: (who: string) => `${who} declined: the turn stands.`,
  tableUndoLapsed: 'The request to take back a turn lapsed: the game moved on.',
  tableUndone: (who: string) => `${who} took back their last turn; the same tile comes again.`,
  emotes: { thumbsup: '👍', laugh: '😂', wow: '😮', oops: '😬', good_game: 'GG', hurry: '⏰' } as Record<string, string>,
  lanBadAddress: 'Write the address as shown by the host, for example 192.168.1.20:7878.',

  // Tile gallery (the tiles' names are built here from their features: the catalogue's are notes)
  galleryTitle: (types: number, copies: number) => `Tile art — ${plural(types, 'tile type', 'tile types')}${copies ? `, ${plural(copies, 'tile', 'tiles')}` : ''}`,
  gallerySet: (name: string, code: string, types: number, copies: number) => `${name} (${code}) — ${plural(types, 'type', 'types')}, ${plural(copies, 'tile', 'tiles')}`,
  galleryAnchors: 'Show follower spots',
  galleryRotation: 'Rotation',
  galleryCity: 'The City of Carcassonne, assembled',
  galleryCityPicture: 'The City of Carcassonne (assembled)',
  galleryFollowers: 'Followers: meeple, big meeple, abbot',
  galleryLoadError: (why: string) => `Could not load the tile catalogue: ${why}`,
  tileName: (tile: TileInfo): string => {
    if (tile.board_position) return `City of Carcassonne, part ${tile.board_position.row * 4 + tile.board_position.col + 1}`;
    const n = (k: FeatureKind): number => tile.features.filter((f) => f.kind === k).length;
    const kinds: [FeatureKind, string, string][] = [
      ['city', 'city', 'cities'], ['road', 'road', 'roads'], ['river', 'river', 'rivers'], ['monastery', 'monastery', 'monasteries'],
      ['shrine', 'shrine', 'shrines'], ['garden', 'garden', 'gardens'], ['volcano', 'volcano', 'volcanoes'], ['field', 'field', 'fields'],
    ];
    const parts = kinds.filter(([k]) => n(k) > 0).map(([k, one, many]) => plural(n(k), one, many));
    const pennants = tile.features.reduce((s, f) => s + (f.pennants ?? 0), 0);
    const extra = [
      pennants > 0 && plural(pennants, 'pennant', 'pennants'),
      tile.features.some((f) => f.cathedral) && 'cathedral',
      tile.features.some((f) => f.inn) && 'inn',
      tile.features.some((f) => f.besieged) && 'besieged',
      tile.features.some((f) => f.pig_herd) && 'pig herd',
      tile.river_role && { source: 'spring', end: 'lake', fork: 'fork', course: '' }[tile.river_role],
    ].filter((x): x is string => !!x);
    return `${parts.join(', ')}${extra.length ? ` (${extra.join(', ')})` : ''}`;
  },

  // A LAN table's link, when a command cannot reach the host
  offline: (why: 'lost' | 'not_connected' | 'no_table'): string =>
    ({ lost: 'The connection to the table was lost.', not_connected: 'This page is not connected to the table.', no_table: 'The table has not sent its game yet.' })[why],
  emoteNames: { thumbsup: 'Thumbs up', laugh: 'Laughing', wow: 'Wow', oops: 'Oops', good_game: 'Good game', hurry: 'Hurry up' } as Record<string, string>,

  // Expansions, options and bots (app_info sends their ids)
  ...catalogueWords,

  // Decisions, choices and scorings (from the API's facts)
  ...words,

  // Errors
  ...errorWords,
  ...lanWebWords,
  ...lanTlsWords,
  ...rejoinWords,
  errorTitle: 'Something went wrong',
  errorUnexpected: (msg: string) => `Unexpected error: ${msg}`,
  resynced: 'The board was reloaded from the saved game.',

  // Learning aids: holes and projected points (issue 30; en-aids.ts)
  ...aidWords,

  // Why a move: a hint's whole move and the bots' reasons (issue 30; en-why.ts)
  ...whyWords,

  // The board described for screen readers (issue 33; en-describe.ts)
  ...describeWords,

  // The keyboard's help (issue 33; en-keys.ts)
  ...keyWords,

  // The rules reference (issue 33; en-rules.ts)
  ...ruleWords,
  // The tutorial (issue 30; en-tutorial.ts)
  ...tutorialWords,
};

export type Strings = typeof en;
