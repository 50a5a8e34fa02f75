// Every string the UI shows, in French: the keys of `en` (en.ts), typed by `Strings` so that a
// missing key fails the type check. The vocabulary is the French rule books' (tuile, zone, pré,
// paysan, chevalier, abbaye, lieu de culte, quartier, tuile Roi, tuile Chevalier-brigand...).
import type { FeatureKind, FollowerKind, LanHandOver, LanStep, Quarter, TileInfo, TileSet } from '../bindings';
import type { Strings } from './en';
import { frAidWords } from './fr-aids';
import { frWhyWords } from './fr-why';
import { frRuleWords } from './fr-rules';

import { frKeyWords } from './fr-keys';
import { frTutorialWords } from './fr-tutorial';
import { frCatalogueWords } from './fr-catalogue';
import { frDescribeWords } from './fr-describe';
import { frErrorWords } from './fr-errors';
import { frLanWebWords } from './fr-lanweb';
import { frLanTlsWords } from './fr-lantls';
import { frRejoinWords } from './fr-rejoin';
import { frWords } from './fr-words';

const plurals = new Intl.PluralRules('fr');
const numbers = new Intl.NumberFormat('fr');
const num = (n: number): string => numbers.format(n);
/** "1 tuile", "3 tuiles" (0 and 1 are singular in French). */
const plural = (n: number, one: string, many: string): string => `${num(n)} ${plurals.select(n) === 'one' ? one : many}`;
const one = (n: number): boolean => plurals.select(n) === 'one';
/** 1er, 2e, 3e… */
const ordinalFr = (n: number): string => `${num(n)}${n === 1 ? 'er' : 'e'}`;

export const fr: Strings = {
  lang: 'fr',
  appName: 'Carcassonne',
  tagline: 'Placez des tuiles, prenez villes, routes et prés.',
  back: 'Retour',
  home: 'Accueil',
  cancel: 'Annuler',
  save: 'Enregistrer',
  delete: 'Supprimer',
  edit: 'Modifier',
  close: 'Fermer',
  dismiss: 'Fermer',
  loading: 'Chargement…',
  ok: 'OK',

  // Home
  homeNewGame: 'Nouvelle partie',
  homeProfiles: 'Profils',
  homeSettings: 'Réglages',
  homeGallery: 'Galerie des tuiles',
  homeHistory: 'Vos parties',
  historyTitle: 'Vos parties',
  historyAll: 'Toutes',
  historyByProfile: 'Joueur',
  historyByPlayers: 'Joueurs',
  historyBySet: 'Extension',
  historyNone: 'Aucune partie pour l’instant : chaque partie jouée est gardée ici.',
  historyNoMatch: 'Aucune partie ne correspond à ces filtres.',
  historyReplay: 'Revoir',
  historyExport: 'Exporter',
  historyBranchOf: (action: number) => `Reprise d’une autre partie, après son action ${num(action)}`,
  historyParent: 'Voir d’où elle part',
  bagTitle: 'Tuiles encore à venir',
  bagTile: (n: number) => plural(n, 'tuile de ce type', 'tuiles de ce type'),
  tileSetName: (s: TileSet): string =>
    ({ base: 'Jeu de base', river1: 'La Rivière', river2: 'La Rivière II', inns_cathedrals: 'Auberges et Cathédrales', ckr_shrines: 'Hérétiques et lieux de culte', ckr_land: 'Nouvelles tuiles Terrain', ckr_city: 'La Ville de Carcassonne', besiegers: 'Les Assiégeants', cathars: 'Les Cathares', siege: 'Siège' })[s],
  chartTitle: 'Les scores au fil de la partie',
  chartSummary: (finals: [string, number][]) => `Les scores au fil de la partie. À la fin : ${finals.map(([n, v]) => `${n} ${num(v)}`).join(', ')}.`,
  chartTurns: (n: number) => plural(n, 'tour', 'tours'),
  branchTitle: 'Continuer d’ici',
  branchNote: 'Une nouvelle partie part de ce moment avec les mêmes tuiles à venir ; la partie que vous regardez reste telle quelle. Changez qui s’assied où si vous le souhaitez.',
  branchStart: 'Continuer',
  historyImport: 'Ouvrir un fichier de partie',
  historyDrop: 'Ou déposez un fichier de partie ici',
  historyExported: 'Le fichier de partie est enregistré.',
  historyImported: 'La partie est ouverte : le moteur a rejoué chaque coup.',
  recordFiles: 'Parties de Carcassonne',
  historyContinue: 'Reprendre',
  historyDelete: 'Supprimer cette partie',
  historyDeleteAsk: (names: string) => `Supprimer la partie avec ${names} ? Elle ne pourra plus être revue.`,
  historyDamaged: 'Cette partie sauvegardée est endommagée et ne peut pas être ouverte.',
  gameStatus: (s: 'playing' | 'finished' | 'abandoned'): string => ({ playing: 'En cours', finished: 'Terminée', abandoned: 'Abandonnée' })[s],
  replaySeek: 'Position dans la partie',
  replayPlay: 'Lecture',
  replayPause: 'Pause',
  replayPrev: 'Action précédente',
  replayNext: 'Action suivante',
  replayPrevTurn: 'Tour précédent',
  replayNextTurn: 'Tour suivant',
  replaySpeed: 'Vitesse',
  replaySpeedValue: (x: number) => `${num(x)}×`,
  replayPosition: (turn: number, turns: number, action: number, actions: number) => `Tour ${num(turn)} sur ${num(turns)} · action ${num(action)} sur ${num(actions)}`,
  replayKeys: 'Touches : ← → une action, Maj+← → ou Page préc./suiv. un tour, Début / Fin, Espace lance ou met en pause, Échap revient',
  homeContinue: 'Reprendre une partie',
  homeNoGames: 'Aucune partie en cours. Lancez-en une !',
  recoveryTitle: 'Vos données sauvegardées étaient endommagées',
  recoveryKept: (profiles: number, games: number, partial: number) =>
    `Conservé : ${plural(profiles, 'profil', 'profils')}, ${plural(games, 'partie entière', 'parties entières')}` + (partial ? `, ${plural(partial, 'partie', 'parties')} jusqu’au dommage (elles peuvent reprendre à partir de là)` : '') + '.',
  recoveryLost: (games: number) => `${plural(games, 'partie n’a pas pu être lue', 'parties n’ont pas pu être lues')}.`,
  recoveryKeptAt: (path: string) => `Le fichier endommagé a été laissé tel quel, sous un nouveau nom : ${path}`,
  recoveryDismiss: 'Compris',
  homeTurns: (n: number) => plural(n, 'tour joué', 'tours joués'),
  homeAbandon: 'Abandonner',
  homeAbandonAsk: (seats: string) => `Abandonner la partie avec ${seats} ? Elle ne comptera pas dans les statistiques.`,
  homeResume: (seats: string) => `Reprendre la partie avec ${seats}`,
  ago: (seconds: number): string => {
    const rel = new Intl.RelativeTimeFormat('fr', { numeric: 'auto' });
    if (seconds < 60) return 'à l’instant';
    const m = Math.floor(seconds / 60);
    if (m < 60) return `il y a ${num(m)} min`;
    const h = Math.floor(m / 60);
    if (h < 24) return rel.format(-h, 'hour');
    const d = Math.floor(h / 24);
    if (d < 7) return rel.format(-d, 'day');
    return '';
  },
  dateTime: (unixSeconds: number) => new Date(unixSeconds * 1000).toLocaleString('fr-FR', { dateStyle: 'medium', timeStyle: 'short' }),
  andList: (names: string[]): string => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} et ${names[names.length - 1]}`),

  // Profiles
  profilesTitle: 'Profils',
  profilesNew: 'Nouveau profil',
  profileName: 'Nom',
  profileColour: 'Couleur',
  profileNamePlaceholder: 'Votre nom',
  profileCreate: 'Créer',
  profilesEmpty: 'Aucun profil pour l’instant : créez-en un pour jouer.',
  profileDeleteAsk: (name: string) => `Supprimer le profil ${name} ? Ses statistiques sont perdues ; les parties sauvegardées gardent le nom.`,
  profileStats: (games: number, wins: number, average: number, best: number) =>
    `${plural(games, 'partie', 'parties')} · ${plural(wins, 'victoire', 'victoires')} · moyenne ${new Intl.NumberFormat('fr', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(average)} · meilleur score ${num(best)}`,
  statGames: 'Parties',
  statWins: 'Victoires',
  statAverage: 'Moyenne',
  statBest: 'Record',
  statsOpen: 'Statistiques',
  statsTitle: (name: string) => `${name} : statistiques`,
  statsNone: 'Aucune partie terminée : les statistiques comptent chaque partie jouée jusqu’au bout.',
  statsWinRate: 'Victoires',
  statsBestOpen: 'Revoir la meilleure partie',
  statsRecent: 'Dernières parties',
  statsForm: 'Places aux dernières parties, de la plus ancienne à la plus récente',
  statsFormGame: (place: number, players: number, score: number, ended: Date) =>
    `${ordinalFr(place)} sur ${num(players)} avec ${plural(score, 'point', 'points')}, ${ended.toLocaleDateString('fr', { day: 'numeric', month: 'short', year: 'numeric' })}`,
  statsRecentGames: (n: number) => plural(n, 'partie', 'parties'),
  statsChartSummary: (scores: number[]) =>
    scores.length ? `Scores des ${plural(scores.length, 'dernière partie', 'dernières parties')}, de la plus ancienne à la plus récente : ${scores.map(num).join(', ')}.` : 'Aucun score pour l’instant.',
  statsPerGame: 'Points par partie',
  statsCategory: (k: string) => ({ roads: 'Routes', cities: 'Villes', monasteries: 'Abbayes', fields: 'Prés', bonuses: 'Bonus' })[k] ?? k,
  statsByPlayers: 'Selon le nombre de joueurs',
  statsPlayers: (n: number) => plural(n, 'joueur', 'joueurs'),
  statsBySet: 'Selon l’extension',
  statsBaseOnly: 'Jeu de base seul',
  statsHeadToHead: 'Face à face',
  statsOpponent: 'Contre',
  statsAheadBehind: 'Devant – derrière',
  statsAheadBehindShort: (ahead: number, behind: number, level: number) =>
    level ? `${num(ahead)} – ${num(behind)} (${plural(level, 'égalité', 'égalités')})` : `${num(ahead)} – ${num(behind)}`,
  statsAheadBehindLong: (ahead: number, behind: number, level: number) =>
    `Plus de points ${plural(ahead, 'fois', 'fois')}, moins ${plural(behind, 'fois', 'fois')}${level ? `, autant ${plural(level, 'fois', 'fois')}` : ''}`,
  statsNoOpponents: 'Aucun adversaire avec un profil ou un niveau de bot pour l’instant.',
  percent: (share: number) => new Intl.NumberFormat('fr', { style: 'percent', maximumFractionDigits: 0 }).format(share),
  decimal: (v: number) => new Intl.NumberFormat('fr', { maximumFractionDigits: 1 }).format(v),
  ordinal: (n: number) => ordinalFr(n),
  colourName: (hex: string): string =>
    ({
      // the palette (crates/table COLOURS)
      '#0072b2': 'bleu',
      '#d55e00': 'vermillon',
      '#009e73': 'vert',
      '#cc79a7': 'rose',
      // older colours, still worn by profiles and saved games
      '#1f6fd1': 'bleu',
      '#e8741c': 'orange',
      '#2e9e44': 'vert',
      '#d6338a': 'rose',
      '#222222': 'noir',
      '#e8c21c': 'jaune',
    })[hex.toLowerCase()] ?? hex,
  customColour: 'Autre couleur',

  // New game
  newGameTitle: 'Nouvelle partie',
  seats: 'Joueurs',
  seatN: (n: number) => `Siège ${num(n)}`,
  addSeat: 'Ajouter un joueur',
  removeSeat: 'Retirer ce joueur',
  humans: 'Personnes',
  bots: 'Bots',
  guestOption: 'Invité (sans profil)',
  guestName: 'Nom de l’invité',
  guestNote: 'Joue sans profil ; peut être gardé comme profil à la fin',
  guestDefault: (n: number) => `Joueur ${num(n)}`,
  seatIsPerson: 'Personne',
  seatIsBot: 'Bot',
  quickTitle: 'Partie rapide',
  quickVsBot: 'Vous contre un bot',
  quickYou: 'Vous',
  quickBotLevel: 'Niveau du bot',
  quickPassPlay: 'À tour de rôle sur cet appareil',
  quickPlayers: 'Joueurs',
  quickStart: 'Jouer',
  saveGuest: (name: string) => `Garder ${name} comme profil`,
  guestSaved: (name: string) => `${name} est maintenant un profil.`,
  botOption: (name: string) => `Bot : ${name}`,
  seatColour: 'Couleur',
  profileColourNote: 'Prend la couleur du profil',
  seatOrder: 'Ordre des joueurs',
  orderAsListed: 'Comme dans la liste',
  orderRandom: 'Au hasard',
  expansions: 'Extensions',
  options: 'Options',
  tilesCount: (n: number) => (n > 0 ? plural(n, 'tuile', 'tuiles') : 'aucune nouvelle tuile'),
  setupOk: 'Prêt à jouer.',
  setupChecking: 'Vérification…',
  start: 'Lancer la partie',
  noProfilesHint: 'Astuce : créez un profil pour garder vos statistiques.',
  createProfile: 'Créer un profil',

  // Settings
  settingsTitle: 'Réglages',
  language: 'Langue',
  languageNames: { en: 'English', fr: 'Français' } as Record<string, string>,
  animation: 'Animations',
  animationOff: 'Aucune',
  animationNormal: 'Normales',
  animationFast: 'Rapides',
  animationNote: 'Toujours désactivées quand le système demande de réduire les animations.',
  textSize: 'Taille du texte',
  highContrast: 'Contraste élevé',
  highContrastNote: 'Texte plus foncé, contours et bordures plus épais.',
  learningAids: 'Aides à l’apprentissage',
  learningAidsNote: 'Suggestions et évaluations mises en évidence. À désactiver pour un jeu puriste.',
  allowUndo: 'Annulation',
  allowUndoNote: 'Les parties à tour de rôle peuvent reprendre le dernier tour confirmé. À désactiver en tournoi.',
  volume: 'Volume du son',
  soundOn: 'Son',
  soundOnNote: 'Votre tour, les tuiles, les points et la fin de la partie.',
  mute: 'Couper le son',
  unmute: 'Rétablir le son',
  botDelay: 'Délai des coups des bots',
  ms: (n: number) => `${num(n)} ms`,
  saved: 'Enregistré',

  // Board
  boardLabel: 'Le plateau',
  tilesLeft: (n: number) => (one(n) ? `${plural(n, 'tuile', 'tuiles')} restante` : `${plural(n, 'tuile', 'tuiles')} restantes`),
  rotate: 'Tourner',
  confirm: 'Valider',
  takeBack: 'Retirer',
  noFollower: 'Pas de meeple',
  featureShort: (kind: string): string =>
    ({ city: 'Ville', road: 'Route', field: 'Pré', monastery: 'Abbaye', garden: 'Jardin', shrine: 'Lieu de culte', river: 'Rivière', volcano: 'Volcan' })[kind] ?? kind,
  hint: 'Indice',
  hintsTitle: 'Suggestions',
  kindLeft: (k: FollowerKind, n: number) => `${fr.follower(k)} ×${num(n)}`,
  placeHere: (x: number, y: number) => `Placer la tuile en ${x}, ${y}`,
  yourTile: 'Tuile à placer',
  turnOf: (name: string) => `À ${name} de jouer`,
  passDevice: (name: string) => `Passez l’appareil à ${name}`,
  decides: (name: string) => `${name} décide`,
  botThinking: (name: string) => `${name} joue…`,
  scoreLog: 'Tours',
  scoreLogEmpty: 'Aucun tour joué pour l’instant.',
  undo: 'Annuler le dernier tour',
  undone: 'Tour annulé. Les tirages sont fixés : la même tuile revient.',
  log: 'Journal',
  city: 'Ville de Carcassonne',
  count: 'Le Comte',
  quarter: (q: Quarter): string => ({ castle: 'Château', market: 'Marché', blacksmith: 'Forge', cathedral: 'Cathédrale' })[q],
  king: 'Roi',
  robber: 'Chevalier-brigand',
  holder: (name: string, tiles: number) => `${name} (${plural(tiles, 'tuile', 'tuiles')})`,
  nobody: 'personne pour l’instant',
  follower: (k: FollowerKind): string => ({ meeple: 'Meeple', big_meeple: 'Grand meeple', abbot: 'Abbé' })[k],
  supply: (k: FollowerKind, n: number): string => {
    const names = { meeple: ['meeple', 'meeples'], big_meeple: ['grand meeple', 'grands meeples'], abbot: ['abbé', 'abbés'] }[k];
    return one(n) ? `${num(n)} ${names[0]} restant` : `${num(n)} ${names[1]} restants`;
  },
  seatScore: (name: string, score: number) => `${name} : ${plural(score, 'point', 'points')}`,
  bot: 'bot',
  gameOverSoon: 'Partie terminée !',
  seeResults: 'Voir les résultats',
  retryBot: 'Laisser jouer le bot',
  centre: 'Centrer',
  zoomIn: 'Zoom avant',
  fitBoard: 'Tout le plateau',
  countShort: (n: number): string => `×${num(n)}`,
  zoomOut: 'Zoom arrière',
  keysHelp: 'Touches : flèches pour se déplacer, + / − zoom, R tourner, Entrée valider, Échap retirer la tuile, C centrer, F tout le plateau, V vue des prés, Ctrl+Z annuler le dernier tour',

  // End
  endTitle: 'Fin de la partie',
  winner: (names: string[]) => (names.length === 1 ? `${names[0]} gagne !` : `${fr.andList(names)} se partagent la victoire !`),
  standings: 'Classement',
  rank: (n: number) => (n === 1 ? '1er' : `${num(n)}e`),
  points: (n: number) => plural(n, 'point', 'points'),
  breakdown: 'Points par catégorie',
  player: 'Joueur',
  catRoads: 'Routes',
  catCities: 'Villes',
  catMonasteries: 'Abbayes',
  catFields: 'Prés',
  catBonuses: 'Bonus',
  total: 'Total',
  byFeature: 'Toutes les évaluations',
  finalBoard: 'Le plateau final',
  savePicture: 'Enregistrer l’image',
  playAgain: 'Nouvelle partie, même configuration',

  // Network play (LAN)
  homeLan: 'Jouer en réseau',
  lanTitle: 'Jouer en réseau',
  lanHostTitle: 'Héberger une table',
  lanHostHelp: 'Vos amis sur le même Wi-Fi rejoignent la table depuis le navigateur de leur téléphone ou leur application.',
  lanName: 'Nom de la table',
  lanDefaultName: 'Table de Carcassonne',
  lanSeats: 'Sièges',
  lanHost: 'Héberger la table',
  lanRoom: 'Code de salle',
  lanJoinAt: 'Les téléphones ouvrent',
  lanScan: 'Ou scannez ce code avec l’appareil photo d’un téléphone.',
  lanNotAdvertised: (why: string) => `Pas annoncée sur le réseau (${why}) : partagez l’adresse.`,
  lanOpenMine: 'S’asseoir à la table (commandes de l’hôte)',
  lanOpenPage: 'Ouvrir la page des téléphones',
  lanStop: 'Arrêter d’héberger',
  lanSavedTitle: 'Une table s’est arrêtée avant la fin de sa partie',
  lanSaved: (name: string, room: string, players: string, moves: number, started: boolean) =>
    `${name} (salle ${room}) : ${players}. ${started ? `${plural(moves, 'coup joué', 'coups joués')}.` : 'Toujours dans son salon.'} Reprenez-la et chacun retrouve son siège.`,
  lanSavedProblem: (why: string) => `Une table sauvegardée ne peut pas être reprise : ${why}`,
  lanResume: 'Reprendre la table',
  lanDiscard: 'L’abandonner',
  lanSavedNew: 'Héberger une nouvelle table l’abandonne.',
  lanSaveError: (why: string) => `Cette table n’est pas sauvegardée (${why}) : si cet appareil s’arrête, la partie est perdue.`,
  lanJoinTitle: 'Rejoindre une table',
  lanSearch: 'Chercher des tables',
  lanSearching: 'Recherche de tables…',
  lanNoneFound: 'Aucune table trouvée sur ce réseau. Demandez l’adresse à l’hôte.',
  lanIncompatible: 'autre version de l’application',
  lanAddress: 'Adresse (par exemple 192.168.1.20:7878)',
  lanJoin: 'Rejoindre',
  waitingFor: (name: string) => `On attend ${name}…`,
  tableTitle: 'Rejoindre la table',
  tableRoom: 'Code de salle',
  tableName: 'Votre nom',
  tableGuest: 'Invité',
  tablePlay: 'Rejoindre comme joueur',
  tableWatch: 'Regarder',
  tableLeave: 'Quitter la table',
  tableSeats: 'Sièges',
  tableSeatEmpty: 'Siège libre',
  tableSeatBot: 'Bot',
  tableYou: 'vous',
  tableAway: 'absent',
  tableHostControls: 'Commandes de l’hôte',
  tableSeatCount: 'Nombre de sièges',
  tableMakeBot: 'Bot',
  tableMakeEmpty: 'Libre',
  tableExpansions: 'Extensions',
  tableRules: 'Règles',
  tableBaseOnly: 'aucune, le jeu de base',
  tableNoOptions: 'Les règles standard.',
  tableStart: 'Lancer la partie',
  tableBotsForAway: 'Des bots pour les joueurs absents',
  tableWaitHost: 'En attente du lancement de la partie par l’hôte.',
  tableYouStart: 'Lancez la partie quand chacun a un siège (ou donnez les sièges libres à des bots).',
  tableWatching: 'Vous regardez cette table.',
  tableDrawing: 'Tirage équitable des tuiles : chaque joueur ajoute une part au hasard…',
  tableConnected: 'Connecté',
  tableConnecting: 'Connexion…',
  tableReconnecting: 'Connexion perdue — reconnexion…',
  tableClosed: 'Déconnecté',
  tableSuperseded: 'Ce siège a été ouvert sur un autre appareil.',
  tableChat: 'Discussion',
  tableSay: 'Message',
  tableSend: 'Envoyer',
  tableNoChat: 'Aucun message pour l’instant.',
  tableOver: 'Partie terminée',
  tableFairOk: 'Tirages vérifiés : le secret de l’hôte correspond à l’engagement pris avant votre part, chaque part était engagée, et la graine en découle.',
  tableFairBad: (why: string) => `Les tirages ne sont pas vérifiés : ${why}.`,
  tableFairReplayed: 'Tirages vérifiés par cette application : le secret de l’hôte correspond à son engagement, chaque part était engagée, la graine en découle, et rejouer la partie avec elle tire exactement les tuiles que vous avez vues.',
  tableFairChecking: 'Vérification des tirages…',
  tableFairNone: 'Les tirages n’ont pas pu être vérifiés (aucun résultat).',
  tableCountdown: (who: string, step: LanStep, reason: LanHandOver, seconds: number) =>
    `${reason === 'host' ? `L’hôte cède à un bot le siège où joue ${who}` : `${who} a dépassé son temps`} : un bot prend le siège dans ${num(seconds)} s, sauf si ${who} ${step === 'turn' ? 'joue' : 'ajoute sa part au tirage'}.`,
  tableHandedOver: (who: string, reason: LanHandOver) =>
    `${reason === 'away' ? `${who} n’était plus là` : reason === 'timer' ? `${who} a mis trop de temps` : `L’hôte a cédé le siège où jouait ${who}`} : un bot le joue maintenant (${who} peut le reprendre).`,
  tableRemoved: 'L’hôte vous a retiré de cette table.',
  tableKept: 'La partie est gardée dans Vos parties.',
  tableGiveWaiting: 'Donner le siège attendu à un bot',
  // le niveau des bots à une table, et un spectateur qui prend un siège libre ou celui d’un bot (avec l’accord de l’hôte)
  tableBotLevel: 'Niveau du bot',
  tableAwayLevel: 'Bot pour les joueurs absents',
  lanTurnTimer: 'Minuteur de tour',
  lanTurnTimerOff: 'Aucun',
  lanTurnTimerMinutes: (m: number) => `${m} min par tour`,
  tableAwayBots: (level: string) => `Un bot (${level}) prend le siège d’un joueur absent.`,
  tableAskSeat: (seat: string) => `Demander le siège : ${seat}`,
  tableSeatAsked: (who: string, seat: string) => `${who} demande à jouer au siège : ${seat}.`,
  tableSeatAccept: 'Accepter',
  tableSeatRefuse: 'Refuser',
  tableSeatWaiting: (seat: string) => `Vous avez demandé le siège : ${seat}. En attente de la réponse de l’hôte.`,
  tableUndoAsked: (who: string) => `${who} demande à annuler son dernier tour (la même tuile revient).`,
  tableUndoWaiting: (names: string[]) => `En attente de l’accord de ${new Intl.ListFormat('fr').format(names)}.`,
  tableUndoAccept: 'Accepter',
  tableUndoDecline: 'Refuser',
  tableUndoDeclined: (who: string) => `${who} a refusé : le tour reste joué.`,
  tableUndoLapsed: 'La demande d’annulation est tombée : la partie a continué.',
  tableUndone: (who: string) => `${who} a annulé son dernier tour ; la même tuile revient.`,
  emotes: { thumbsup: '👍', laugh: '😂', wow: '😮', oops: '😬', good_game: 'GG', hurry: '⏰' } as Record<string, string>,
  lanBadAddress: 'Écrivez l’adresse comme l’hôte l’affiche, par exemple 192.168.1.20:7878.',

  galleryTitle: (types: number, copies: number) => `Les tuiles — ${plural(types, 'type de tuile', 'types de tuiles')}${copies ? `, ${plural(copies, 'tuile', 'tuiles')}` : ''}`,
  gallerySet: (name: string, code: string, types: number, copies: number) => `${name} (${code}) — ${plural(types, 'type', 'types')}, ${plural(copies, 'tuile', 'tuiles')}`,
  galleryAnchors: 'Montrer les emplacements des meeples',
  galleryRotation: 'Rotation',
  galleryCity: 'La Ville de Carcassonne, assemblée',
  galleryCityPicture: 'La Ville de Carcassonne (assemblée)',
  galleryFollowers: 'Les meeples : meeple, grand meeple, abbé',
  galleryLoadError: (why: string) => `Le catalogue des tuiles n’a pas pu être chargé : ${why}`,
  tileName: (tile: TileInfo): string => {
    if (tile.board_position) return `Ville de Carcassonne, partie ${tile.board_position.row * 4 + tile.board_position.col + 1}`;
    const n = (k: FeatureKind): number => tile.features.filter((f) => f.kind === k).length;
    const kinds: [FeatureKind, string, string][] = [
      ['city', 'ville', 'villes'], ['road', 'route', 'routes'], ['river', 'rivière', 'rivières'], ['monastery', 'abbaye', 'abbayes'],
      ['shrine', 'lieu de culte', 'lieux de culte'], ['garden', 'jardin', 'jardins'], ['volcano', 'volcan', 'volcans'], ['field', 'pré', 'prés'],
    ];
    const parts = kinds.filter(([k]) => n(k) > 0).map(([k, a, many]) => plural(n(k), a, many));
    const pennants = tile.features.reduce((s, f) => s + (f.pennants ?? 0), 0);
    const extra = [
      pennants > 0 && plural(pennants, 'blason', 'blasons'),
      tile.features.some((f) => f.cathedral) && 'cathédrale',
      tile.features.some((f) => f.inn) && 'auberge au lac',
      tile.features.some((f) => f.besieged) && 'assiégée',
      tile.features.some((f) => f.pig_herd) && 'troupeau de porcs',
      tile.river_role && { source: 'source', end: 'lac', fork: 'fourche', course: '' }[tile.river_role],
    ].filter((x): x is string => !!x);
    return `${parts.join(', ')}${extra.length ? ` (${extra.join(', ')})` : ''}`;
  },

  offline: (why: 'lost' | 'not_connected' | 'no_table'): string =>
    ({ lost: 'La connexion à la table a été perdue.', not_connected: 'Cette page n’est pas connectée à la table.', no_table: 'La table n’a pas encore envoyé sa partie.' })[why],
  emoteNames: { thumbsup: 'Pouce levé', laugh: 'Rire', wow: 'Waouh', oops: 'Oups', good_game: 'Bien joué', hurry: 'Dépêche-toi' } as Record<string, string>,

  ...frCatalogueWords,
  ...frWords,
  ...frErrorWords,
  ...frLanWebWords,
  ...frLanTlsWords,
  ...frRejoinWords,
  errorTitle: 'Un problème est survenu',
  errorUnexpected: (msg: string) => `Erreur inattendue : ${msg}`,
  resynced: 'Le plateau a été rechargé depuis la partie sauvegardée.',

  ...frAidWords,

  ...frWhyWords,

  ...frDescribeWords,

  ...frKeyWords,

  ...frRuleWords,
  // Le tutoriel (fr-tutorial.ts)
  ...frTutorialWords,
};
