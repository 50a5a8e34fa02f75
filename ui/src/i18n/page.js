// The words of the plain phone page (crates/net/src/page.html), in English and French. The
// page has no build step, so this is plain JavaScript; the host serves it as /page-words.js.
// Facts come from the host (codes, seats, numbers); every sentence is made here.

const NB = "\u00a0"; // French puts a no-break space before ":" and "?"

const FOLLOWER_EN = { meeple: "meeple", big_meeple: "big meeple", abbot: "abbot" };
const FOLLOWER_FR = { meeple: "un meeple", big_meeple: "un grand meeple", abbot: "un abbé" };

const EMOTES = { thumbsup: "👍", laugh: "😂", wow: "😮", oops: "😬", good_game: "GG", hurry: "⏰" };

/** @type {import("./page").PageWords} */
export const en = {
  lang: "en",
  title: "Carcassonne — join a table",
  room: "Room code",
  name: "Your name",
  guest: "Guest",
  play: "Join as a player",
  watch: "Watch",
  seats: "Seats",
  purist: "Purist table: no aids for anyone.",
  hostControls: "Host controls",
  seatCount: "Seats",
  setSeatCount: "Set",
  botsInEmpty: "Bots in empty seats",
  start: "Start",
  botsForAway: "Bots for players away",
  moves: "Your possible moves",
  log: "Chat and events",
  chat: "Chat",
  send: "Send",
  place: (x, y, degrees) => `Place at (${x}, ${y}) turned ${degrees}°`,
  deploy: (follower, feature) => `Put a ${FOLLOWER_EN[follower] ?? follower} on ${feature}`,
  pass: "Pass",
  over: "Game over",
  yourTurn: "Your turn",
  seatPlaying: (seat) => `Seat ${seat + 1} is playing`,
  withTile: (status, tile) => `${status} — tile ${tile}`,
  phase: (phase) => ({ lobby: "Waiting in the lobby", drawing: "Drawing the tiles fairly…" })[phase] ?? phase,
  turnTimer: (seconds) =>
    !seconds ? "Turn timer: off"
      : seconds % 60 ? `Turn timer: ${seconds} s`
        : `Turn timer: ${seconds / 60} ${seconds === 60 ? "minute" : "minutes"}`,
  seatLine: (name, kind, away, you) =>
    kind === "empty" ? "Empty seat"
      : `${name || "?"} — ${({ human: "player", bot: "bot" })[kind] ?? kind}${away ? " (away)" : ""}${you ? " — you" : ""}`,
  scores: (scores) => `Scores: ${scores.join(" · ")}`,
  finalScores: (scores) => `Final scores: ${scores.join(" · ")}`,
  committed: (prefix) => `The host committed to ${prefix}…`,
  seatDid: (seat, what) => `Seat ${seat + 1}: ${what}`,
  said: (name, text) => `${name}: ${text}`,
  emotes: EMOTES,
  toBot: (seat, reason) =>
    `Seat ${seat + 1} goes to a bot (${reason === "timer" ? "too long" : reason === "away" ? "away" : "the host's choice"}).`,
  countdown: (seat, seconds, step) =>
    `Seat ${seat + 1}: a bot takes the seat in ${seconds} s unless it ${step === "turn" ? "plays" : "sends its share"}.`,
  removed: "The host removed you from this table.",
  superseded: "This seat was opened elsewhere.",
  reconnecting: "Connection lost — reconnecting…",
  disconnected: "Disconnected from the table: reload the page to come back.",
  seatAsked: (name, seat) => `${name} asks to play seat ${seat + 1}. Let them?`,
  refused: (r) =>
    r.reason === "stale" ? `The table changed meanwhile (state ${r.current}, not ${r.got}): try again.`
      : ({
        rate_limited: "Too many messages at once: wait a moment.",
        wrong_room: "No table has this room code.",
        bad_token: "This seat’s key is no longer valid: join the table again.",
        not_admin: "Only the host can do that.",
        bad_name: "That name cannot be used.",
        no_seat: "No seat is free.",
        wrong_phase: "That cannot be done at this point of the game.",
        seats_not_filled: "Every seat needs a player or a bot first.",
        not_your_turn: "It is not your turn.",
      })[r.reason] ?? `The host refused: ${r.reason.replace(/_/g, " ")}.`,
  why: (problem, seat) => {
    const s = seat === undefined ? "" : ` (seat ${seat + 1})`;
    return ({
      commitment_changed: "the host now shows another commitment to its secret than the one it made at the start",
      share_commitment_changed: "the host now shows another commitment for a player's share than the one it first showed",
      contributions_changed: "the host now shows other shares of the seed than the ones the game began with",
      commitment_mismatch: "the host's secret does not match the commitment it made at the start",
      not_committed: "a share of the seed does not match the commitment made for it",
      my_contribution_missing: "your share of the seed is not in the draw",
      seed_mismatch: "the game's seed is not the one the secret and the shares give",
      malformed: "the host's secret is malformed",
    })[problem] + s;
  },
  unfair: (why) => `Unfair draws: ${why}. Do not trust this game's tiles.`,
  drawsBad: (why) => `The draws do not check out: ${why}.`,
  drawsOk: "The draws check out: the host's secret matches the commitment it made before any share, every share matches its commitment, and the seed comes from them.",
};

/** @type {import("./page").PageWords} */
export const fr = {
  lang: "fr",
  title: "Carcassonne — rejoindre une table",
  room: "Code de salle",
  name: "Votre nom",
  guest: "Invité",
  play: "Rejoindre comme joueur",
  watch: "Regarder",
  seats: "Sièges",
  purist: `Table puriste${NB}: aucune aide pour personne.`,
  hostControls: "Commandes de l’hôte",
  seatCount: "Sièges",
  setSeatCount: "Appliquer",
  botsInEmpty: "Des bots aux sièges libres",
  start: "Lancer",
  botsForAway: "Des bots pour les joueurs absents",
  moves: "Vos coups possibles",
  log: "Discussion et événements",
  chat: "Discussion",
  send: "Envoyer",
  place: (x, y, degrees) => `Poser en (${x}, ${y}), tournée de ${degrees}°`,
  deploy: (follower, feature) => `Mettre ${FOLLOWER_FR[follower] ?? follower} sur ${feature}`,
  pass: "Passer",
  over: "Partie terminée",
  yourTurn: "À vous de jouer",
  seatPlaying: (seat) => `Le siège ${seat + 1} joue`,
  withTile: (status, tile) => `${status} — tuile ${tile}`,
  phase: (phase) => ({ lobby: "En attente dans le salon", drawing: "Tirage équitable des tuiles…" })[phase] ?? phase,
  turnTimer: (seconds) =>
    !seconds ? `Minuteur de tour${NB}: aucun`
      : seconds % 60 ? `Minuteur de tour${NB}: ${seconds}${NB}s`
        : `Minuteur de tour${NB}: ${seconds / 60} ${seconds === 60 ? "minute" : "minutes"}`,
  seatLine: (name, kind, away, you) =>
    kind === "empty" ? "Siège libre"
      : `${name || "?"} — ${({ human: "joueur", bot: "bot" })[kind] ?? kind}${away ? " (absent)" : ""}${you ? " — vous" : ""}`,
  scores: (scores) => `Scores${NB}: ${scores.join(" · ")}`,
  finalScores: (scores) => `Scores finaux${NB}: ${scores.join(" · ")}`,
  committed: (prefix) => `L’hôte s’est engagé sur ${prefix}…`,
  seatDid: (seat, what) => `Siège ${seat + 1}${NB}: ${what}`,
  said: (name, text) => `${name}${NB}: ${text}`,
  emotes: EMOTES,
  toBot: (seat, reason) =>
    `Le siège ${seat + 1} passe à un bot (${reason === "timer" ? "trop long" : reason === "away" ? "absent" : "choix de l’hôte"}).`,
  countdown: (seat, seconds, step) =>
    `Siège ${seat + 1}${NB}: un bot prend le siège dans ${seconds}${NB}s s’il ne ${step === "turn" ? "joue pas" : "envoie pas sa part"}.`,
  removed: "L’hôte vous a retiré de cette table.",
  superseded: "Ce siège a été ouvert ailleurs.",
  reconnecting: "Connexion perdue — reconnexion…",
  disconnected: `Déconnecté de la table${NB}: rechargez la page pour revenir.`,
  seatAsked: (name, seat) => `${name} demande à jouer au siège ${seat + 1}. L’accepter${NB}?`,
  refused: (r) =>
    r.reason === "stale" ? `La table a changé entre-temps (état ${r.current}, pas ${r.got})${NB}: réessayez.`
      : ({
        rate_limited: `Trop de messages à la fois${NB}: patientez un instant.`,
        wrong_room: "Aucune table n’a ce code de salle.",
        bad_token: `La clé de ce siège n’est plus valable${NB}: rejoignez la table à nouveau.`,
        not_admin: "Seul l’hôte peut faire cela.",
        bad_name: "Ce nom ne peut pas être utilisé.",
        no_seat: "Aucun siège n’est libre.",
        wrong_phase: "Cela ne peut pas se faire à ce moment de la partie.",
        seats_not_filled: "Chaque siège doit d’abord recevoir un joueur ou un bot.",
        not_your_turn: "Ce n’est pas votre tour.",
      })[r.reason] ?? `L’hôte a refusé${NB}: ${r.reason.replace(/_/g, " ")}.`,
  why: (problem, seat) => {
    const s = seat === undefined ? "" : ` (siège ${seat + 1})`;
    return ({
      commitment_changed: "l’hôte montre maintenant un autre engagement sur son secret que celui pris au début",
      share_commitment_changed: "l’hôte montre maintenant pour la part d’un joueur un autre engagement que le premier montré",
      contributions_changed: "l’hôte montre maintenant d’autres parts de la graine que celles du début de la partie",
      commitment_mismatch: "le secret de l’hôte ne correspond pas à l’engagement pris au début",
      not_committed: "une part de la graine ne correspond pas à l’engagement pris pour elle",
      my_contribution_missing: "votre part de la graine n’est pas dans le tirage",
      seed_mismatch: "la graine de la partie n’est pas celle que donnent le secret et les parts",
      malformed: "le secret de l’hôte est mal formé",
    })[problem] + s;
  },
  unfair: (why) => `Tirages truqués${NB}: ${why}. Ne vous fiez pas aux tuiles de cette partie.`,
  drawsBad: (why) => `Les tirages ne sont pas vérifiés${NB}: ${why}.`,
  drawsOk: `Tirages vérifiés${NB}: le secret de l’hôte correspond à l’engagement pris avant toute part, chaque part correspond à son engagement, et la graine en découle.`,
};

/**
 * The page's language: `?lang=` when given, else the browser's first language that is French
 * or English, else English.
 * @param {string | null} asked
 * @param {readonly string[]} languages
 */
export function pageWords(asked, languages) {
  for (const l of [asked, ...languages]) {
    const code = (l || "").slice(0, 2).toLowerCase();
    if (code === "fr") return fr;
    if (code === "en") return en;
  }
  return en;
}
