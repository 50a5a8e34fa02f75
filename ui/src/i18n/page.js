// The words of the plain phone page (crates/net/src/page.html), in English and French. The
// page has no build step, so this is plain JavaScript; the host serves it as /page-words.js.
// Facts come from the host (codes, seats, numbers); every sentence is made here. What a table
// says to any of its clients (the host's refusals, why the draws do not check out, the turn
// timer) is `tableEn`/`tableFr` below, which the app's i18n uses too: one source for both.

const NB = "\u00a0"; // French puts a no-break space before ":", ";" and "?"

/** The host's refusals that carry no detail, by code. */
const REFUSALS_EN = {
  rate_limited: "Too many messages at once: wait a moment.",
  hello_first: "The host expected this page to introduce itself first: reload it.",
  already_joined: "This page has already joined the table.",
  wrong_room: "No table has this room code.",
  bad_token: "This seat’s key is no longer valid: join the table again.",
  not_admin: "Only the host can do that.",
  bad_name: "That name cannot be used.",
  no_seat: "No seat is free.",
  wrong_phase: "That cannot be done at this point of the game.",
  seats_not_filled: "Every seat needs a player or a bot first.",
  not_a_player: "Spectators cannot play.",
  not_your_turn: "It is not your turn.",
  bad_contribution: "Your share of the draw is not valid.",
  already_contributed: "Your share of the draw is already in.",
  reveal_too_early: "It is too early to reveal the draw.",
  commit_too_late: "It is too late to commit to a share of the draw.",
  reveal_mismatch: "The revealed share does not match its commitment.",
  bad_chat: "That message cannot be sent (empty or too long).",
  not_a_spectator: "You already have a seat at this table.",
  seat_ask_pending: "A request for that seat (or yours) is already waiting for the host’s answer.",
  no_such_spectator: "That spectator has already left.",
  no_such_ask: "That request for a seat was already answered, or its spectator left.",
  not_saved: "The host could not save the table (is its disk full?), so nothing changed. Try again.",
  undo_off: "This table does not allow taking back a turn.",
  nothing_to_undo: "Only the last turn a person played can be taken back, by that person.",
  undo_pending: "A request to take back a turn is already waiting for answers.",
  no_undo_asked: "No request to take back a turn is waiting for your answer.",
};

const REFUSALS_FR = {
  rate_limited: `Trop de messages à la fois${NB}: patientez un instant.`,
  hello_first: `L’hôte attendait d’abord que cette page se présente${NB}: rechargez-la.`,
  already_joined: "Cette page a déjà rejoint la table.",
  wrong_room: "Aucune table n’a ce code de salle.",
  bad_token: `La clé de ce siège n’est plus valable${NB}: rejoignez la table à nouveau.`,
  not_admin: "Seul l’hôte peut faire cela.",
  bad_name: "Ce nom ne peut pas être utilisé.",
  no_seat: "Aucun siège n’est libre.",
  wrong_phase: "Cela ne peut pas se faire à ce moment de la partie.",
  seats_not_filled: "Chaque siège doit d’abord recevoir un joueur ou un bot.",
  not_a_player: "Les spectateurs ne peuvent pas jouer.",
  not_your_turn: "Ce n’est pas votre tour.",
  bad_contribution: "Votre part du tirage n’est pas valable.",
  already_contributed: "Votre part du tirage est déjà prise en compte.",
  reveal_too_early: "Il est trop tôt pour révéler le tirage.",
  commit_too_late: "Il est trop tard pour s’engager sur une part du tirage.",
  reveal_mismatch: "La part révélée ne correspond pas à son engagement.",
  bad_chat: "Ce message ne peut pas être envoyé (vide ou trop long).",
  not_a_spectator: "Vous avez déjà un siège à cette table.",
  seat_ask_pending: "Une demande pour ce siège (ou la vôtre) attend déjà la réponse de l’hôte.",
  no_such_spectator: "Ce spectateur est déjà parti.",
  no_such_ask: "Cette demande de siège a déjà reçu une réponse, ou son spectateur est parti.",
  not_saved: `L’hôte n’a pas pu sauvegarder la table (son disque est-il plein${NB}?), donc rien n’a changé. Réessayez.`,
  undo_off: "Cette table ne permet pas de reprendre un tour.",
  nothing_to_undo: "Seul le dernier tour joué par une personne peut être repris, et par elle seule.",
  undo_pending: "Une demande de reprise de tour attend déjà des réponses.",
  no_undo_asked: "Aucune demande de reprise de tour n’attend votre réponse.",
};

/** A code the words above do not know (a newer host's), shown as words. */
const codeWords = (code) => String(code).replace(/_/g, " ");

/** @type {import("./page").TableWords} */
export const tableEn = {
  refused: (r) => {
    switch (r.reason) {
      case "not_away_long_enough":
        return `That player left only a moment ago: a bot may take the seat in ${r.seconds_left} s.`;
      case "seat_taken":
        return `Seat ${r.seat + 1} is held by a player who is here (a seat the table waits on can be given away after a countdown).`;
      case "seat_refused":
        return `The host did not give you seat ${r.seat + 1}.`;
      case "too_many_guesses":
        return `Too many wrong room codes from this device: try again in ${r.retry_after} s.`;
      case "too_many_spectators":
        return `The table has all the spectators it takes (${r.limit}); the players' seats are kept for them.`;
      case "version_mismatch":
        return `The host runs another version of the app (protocol ${r.host}, this page ${r.client}).`;
      case "malformed":
        return `The host could not read a message: ${r.message}.`;
      case "too_large":
        return `A message was too large for the host (at most ${r.limit} bytes).`;
      case "no_such_seat":
        return `Seat ${r.seat + 1} does not exist.`;
      case "seat_count":
        return `A table has ${r.min} to ${r.max} seats.`;
      case "stale":
        return `The table changed meanwhile (state ${r.current}, not ${r.got}): try again.`;
      default:
        return REFUSALS_EN[r.reason] ?? tableEn.hostRefused(codeWords(r.reason));
    }
  },
  hostRefused: (what) => `The host refused: ${what}.`,
  fairness: (e) => {
    switch (e.problem) {
      case "malformed":
        return `the host's ${e.what ?? "secret"} is not 64 hex digits`;
      case "commitment_mismatch":
        return "the secret the host revealed does not match the commitment it made before your share";
      case "commitment_changed":
        return "the host showed another commitment than the one it made first (it changed its secret during the game)";
      case "share_commitment_changed":
        return `the host showed another commitment for the share of seat ${e.seat + 1} than the one it published first`;
      case "contributions_changed":
        return "the shares the host revealed at the end are not the ones it announced when the game began";
      case "my_contribution_missing":
        return "your share is not the one the host used";
      case "not_committed":
        return `the share of seat ${e.seat + 1} does not match its commitment`;
      case "seed_mismatch":
        return "the seed of the game does not come from the secret and the shares";
      case "replay":
        return "replaying the game with its seed does not give the record";
      case "draws_differ":
        return `tile ${e.index + 1} shown during the game is not the one the seed draws`;
      default:
        return codeWords(e.problem);
    }
  },
  turnTimer: (seconds) =>
    seconds == null || seconds <= 0
      ? "Turn timer: off"
      : seconds % 60 === 0
        ? `Turn timer: ${seconds / 60} ${seconds === 60 ? "minute" : "minutes"}`
        : `Turn timer: ${seconds} ${seconds === 1 ? "second" : "seconds"}`,
};

/** @type {import("./page").TableWords} */
export const tableFr = {
  refused: (r) => {
    switch (r.reason) {
      case "not_away_long_enough":
        return `Ce joueur vient à peine de partir${NB}: un bot pourra prendre sa place dans ${r.seconds_left}${NB}s.`;
      case "seat_taken":
        return `Le siège ${r.seat + 1} est tenu par un joueur présent (un siège que la table attend peut être donné après un compte à rebours).`;
      case "seat_refused":
        return `L’hôte ne vous a pas donné le siège ${r.seat + 1}.`;
      case "too_many_guesses":
        return `Trop de codes de salle erronés depuis cet appareil${NB}: réessayez dans ${r.retry_after}${NB}s.`;
      case "too_many_spectators":
        return `La table a déjà tous les spectateurs qu’elle accepte (${r.limit})${NB}; les sièges des joueurs leur sont gardés.`;
      case "version_mismatch":
        return `L’hôte utilise une autre version de l’application (protocole ${r.host}, cette page ${r.client}).`;
      case "malformed":
        return `L’hôte n’a pas pu lire un message${NB}: ${r.message}.`;
      case "too_large":
        return `Un message était trop gros pour l’hôte (${r.limit} octets au plus).`;
      case "no_such_seat":
        return `Le siège ${r.seat + 1} n’existe pas.`;
      case "seat_count":
        return `Une table a de ${r.min} à ${r.max} sièges.`;
      case "stale":
        return `La table a changé entre-temps (état ${r.current}, pas ${r.got})${NB}: réessayez.`;
      default:
        return REFUSALS_FR[r.reason] ?? tableFr.hostRefused(codeWords(r.reason));
    }
  },
  hostRefused: (what) => `L’hôte a refusé${NB}: ${what}.`,
  fairness: (e) => {
    switch (e.problem) {
      case "malformed":
        return `${e.what === "commitment" ? "l’engagement" : e.what === "secret" || e.what == null ? "le secret" : `la valeur « ${e.what} »`} de l’hôte n’a pas 64 chiffres hexadécimaux`;
      case "commitment_mismatch":
        return "le secret révélé par l’hôte ne correspond pas à l’engagement qu’il avait pris avant votre part";
      case "commitment_changed":
        return "l’hôte a montré un autre engagement que le premier (il a changé de secret pendant la partie)";
      case "share_commitment_changed":
        return `l’hôte a montré pour la part du siège ${e.seat + 1} un autre engagement que celui publié au début`;
      case "contributions_changed":
        return "les parts révélées par l’hôte à la fin ne sont pas celles annoncées au début de la partie";
      case "my_contribution_missing":
        return "votre part n’est pas celle que l’hôte a utilisée";
      case "not_committed":
        return `la part du siège ${e.seat + 1} ne correspond pas à son engagement`;
      case "seed_mismatch":
        return "la graine de la partie ne vient pas du secret et des parts";
      case "replay":
        return "rejouer la partie avec sa graine ne redonne pas l’enregistrement";
      case "draws_differ":
        return `la tuile ${e.index + 1} montrée pendant la partie n’est pas celle que tire la graine`;
      default:
        return codeWords(e.problem);
    }
  },
  turnTimer: (seconds) =>
    seconds == null || seconds <= 0
      ? `Minuteur de tour${NB}: aucun`
      : seconds % 60 === 0
        ? `Minuteur de tour${NB}: ${seconds / 60} ${seconds === 60 ? "minute" : "minutes"}`
        : `Minuteur de tour${NB}: ${seconds} ${seconds === 1 ? "seconde" : "secondes"}`,
};

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
  turnTimer: tableEn.turnTimer,
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
  refused: tableEn.refused,
  why: tableEn.fairness,
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
  turnTimer: tableFr.turnTimer,
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
  refused: tableFr.refused,
  why: tableFr.fairness,
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
