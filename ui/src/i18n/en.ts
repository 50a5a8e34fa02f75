// Every string the UI shows, in English. A translation copies this object with the same keys
// (the type `Strings` keeps them in step). The API sends facts (decisions, choices, scorings,
// refusals with their codes); the functions here put them into words.
import type { FollowerKind, LanHandOver, LanStep, Quarter } from '../bindings';
import { catalogueWords } from './en-catalogue';
import { errorWords } from './en-errors';
import { words } from './en-words';

const plurals = new Intl.PluralRules('en');
const plural = (n: number, one: string, many: string): string => `${n} ${plurals.select(n) === 'one' ? one : many}`;

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
  homeContinue: 'Continue a game',
  homeNoGames: 'No game in progress. Start a new one!',
  homeMoves: (n: number) => plural(n, 'move', 'moves'),
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
  colourName: (hex: string): string =>
    ({
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
  languageNames: { en: 'English' } as Record<string, string>,
  animation: 'Animations',
  animationOff: 'Off',
  animationNormal: 'Normal',
  animationFast: 'Fast',
  learningAids: 'Learning aids',
  learningAidsNote: 'Hints and highlighted scoring. Turn off for purist play.',
  volume: 'Sound volume',
  soundOn: 'Sound',
  soundOnNote: 'Your turn, tiles, scores and the end of the game.',
  mute: 'Mute',
  unmute: 'Sound on',
  botDelay: 'Bot move delay',
  ms: (n: number) => `${n} ms`,
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
  hintPlace: (label: string, x: number, y: number) => `${label} (${x}, ${y})`,
  hintPlaceTile: 'Place the tile here',
  kindLeft: (k: FollowerKind, n: number) => `${en.follower(k)} ×${n}`,
  placeHere: (x: number, y: number) => `Place the tile at ${x}, ${y}`,
  yourTile: 'Tile to place',
  turnOf: (name: string) => `${name}’s turn`,
  passDevice: (name: string) => `Pass the device to ${name}`,
  decides: (name: string) => `${name} decides`,
  botThinking: (name: string) => `${name} is playing…`,
  scoreLog: 'Scoring',
  scoreLogEmpty: 'No points scored yet.',
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
  keysHelp: 'Keys: arrows pan, + / − zoom, R rotate, Enter confirm, Esc take back, C centre, F whole board',

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
  tableGiveWaiting: 'Give the waiting seat to a bot',
  emotes: { thumbsup: '👍', laugh: '😂', wow: '😮', oops: '😬', good_game: 'GG', hurry: '⏰' } as Record<string, string>,
  lanBadAddress: 'Write the address as shown by the host, for example 192.168.1.20:7878.',

  // Expansions, options and bots (app_info sends their ids)
  ...catalogueWords,

  // Decisions, choices and scorings (from the API's facts)
  ...words,

  // Errors
  ...errorWords,
  errorTitle: 'Something went wrong',
  errorUnexpected: (msg: string) => `Unexpected error: ${msg}`,
  resynced: 'The board was reloaded from the saved game.',
};

export type Strings = typeof en;
