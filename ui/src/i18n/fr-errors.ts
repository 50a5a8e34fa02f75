// French words for refusals (en-errors.ts in French): the API's errors, refused moves and setup
// problems arrive as codes with arguments; these functions say them to a player.
import { MAX_NAME_CHARS, type AccessRefusal, type ApiError, type FollowerKind, type LanDesync, type LanProblem, type NameProblem, type PlayError, type RecordError, type SettingsProblem, type Quarter, type Reject, type SetupError, type SetupProblem, type StoreError } from '../bindings';
import type { FairProblem } from '../lan/fair';
import { tableFr } from './page.js';
import { frLanWebWords } from './fr-lanweb';
import { frCatalogueWords } from './fr-catalogue';

/** A follower with its indefinite article ("un grand meeple") and with its definite one. */
const FOLLOWER: Record<FollowerKind, { a: string; the: string; name: string }> = {
  meeple: { a: 'un meeple', the: 'le meeple', name: 'meeple' },
  big_meeple: { a: 'un grand meeple', the: 'le grand meeple', name: 'grand meeple' },
  abbot: { a: 'un abbé', the: 'l’abbé', name: 'abbé' },
};
const QUARTER_OF: Record<Quarter, string> = { castle: 'du Château', market: 'du Marché', blacksmith: 'de la Forge', cathedral: 'de la Cathédrale' };
const SIDE: Record<string, string> = { N: 'nord', E: 'est', S: 'sud', W: 'ouest' };
// The store's limits (crates/store: MAX_NAME_CHARS generated, MAX_BOT_CHARS, MAX_SEATS).
const MAX_NAME = MAX_NAME_CHARS;
const MAX_BOT = 32;
const MAX_SEATS = 6;

/** The actions an engine refusal expected, sent as codes ("deploy, pass or recall_abbot"). */
const ACTIONS: Record<string, string> = {
  place: 'placer la tuile',
  deploy: 'poser un meeple',
  pass: 'passer',
  recall_abbot: 'reprendre l’abbé',
  redeploy: 'déplacer un meeple de la Ville',
  city_deploy: 'poser un meeple dans la Ville',
  move_count: 'déplacer le Comte',
  escape: 'faire s’échapper un chevalier',
  final_redeploy: 'déplacer un meeple de la Ville',
};
function expectedActions(expected: string): string {
  const words = expected.split(/,\s*|\s+or\s+/).map((c) => ACTIONS[c] ?? c);
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} ou ${words[words.length - 1]}`;
}

/** A move the engine refused, without its rule. */
function playError(e: PlayError): string {
  switch (e.error) {
    case 'game_over':
      return 'la partie est terminée';
    case 'not_your_turn':
      return `ce n’est pas au siège ${e.seat + 1} de jouer (c’est au siège ${e.expected + 1})`;
    case 'wrong_action':
      return `il fallait ${expectedActions(e.expected)}`;
    case 'invalid_rotation':
      return `la rotation ${e.rotation} n’est pas 0, 1, 2 ou 3`;
    case 'position_taken':
      return `il y a déjà une tuile en (${e.at[0]}, ${e.at[1]})`;
    case 'not_adjacent':
      return `(${e.at[0]}, ${e.at[1]}) ne touche aucune tuile`;
    case 'edge_mismatch':
      return `le bord ${SIDE[e.side] ?? e.side} ne se raccorde pas à sa voisine`;
    case 'no_such_feature':
      return `la tuile qui vient d’être placée n’a pas de zone ${e.feature}`;
    case 'not_occupiable':
      return `${FOLLOWER[e.follower].a} ne peut pas être posé sur ${e.feature}`;
    case 'farmers_off':
      return 'cette partie se joue sans paysans';
    case 'feature_occupied':
      return `la zone ${e.feature} est déjà occupée par un meeple`;
    case 'no_follower_left':
      return `plus aucun ${FOLLOWER[e.follower].name} dans la réserve`;
    case 'follower_not_in_game':
      return `${FOLLOWER[e.follower].the} n’est pas utilisé dans cette partie`;
    case 'river_not_continued':
      return 'une tuile Rivière doit prolonger la rivière depuis une de ses extrémités ouvertes';
    case 'river_u_turn':
      return 'la rivière ne peut pas tourner deux fois de suite du même côté (pas de demi-tour)';
    case 'no_abbot_to_recall':
      return 'vous n’avez pas d’abbé sur le plateau';
    case 'shrine_neighbours':
      return 'un lieu de culte ne peut pas toucher plusieurs abbayes, ni une abbaye plusieurs lieux de culte';
    case 'no_follower_in_quarter':
      return `vous n’avez pas ce meeple dans le quartier ${QUARTER_OF[e.quarter]}`;
    case 'quarter_blocked':
      return `le Comte bloque le quartier ${QUARTER_OF[e.quarter]}`;
    case 'quarter_not_allowed':
      return `${FOLLOWER[e.follower].a} ne peut pas entrer dans le quartier ${QUARTER_OF[e.quarter]}`;
    case 'no_escape':
      return 'aucun de vos chevaliers ne peut s’échapper de là';
    case 'city_deploy_not_earned':
      return 'un meeple n’entre dans la Ville de Carcassonne qu’après une évaluation où un autre joueur a marqué et pas vous';
    case 'scored_from_the_city':
      return 'vous avez marqué ce tour avec un meeple venu de la Ville de Carcassonne : aucun ne peut y entrer';
    case 'count_moves_by_itself':
      return 'dans cette partie, le Comte se déplace tout seul';
    case 'not_a_redeploy_target':
      return `la zone ${e.feature} en (${e.at[0]}, ${e.at[1]}) ne peut pas recevoir un meeple de la Ville`;
  }
}

/** Why the engine refuses a setup. */
function setupError(e: SetupError): string {
  switch (e.error) {
    case 'too_few_players':
      return `une partie se joue à ${e.min} joueurs au moins, celle-ci en a ${e.got}`;
    case 'too_many_players':
      return `${e.max} joueurs au plus peuvent jouer avec ces extensions, cette partie en a ${e.got}${e.max === 5 ? ' (un 6e joueur demande Auberges et Cathédrales)' : ''}`;
    case 'empty_name':
      return `le joueur ${e.seat + 1} n’a pas de nom`;
    case 'expansion_not_supported':
      return `${frCatalogueWords.expansionName(e.expansion)} n’est pas encore disponible dans cette version`;
    case 'unknown_tile':
      return `aucune tuile ne s’appelle \`${e.tile}\``;
    case 'tile_not_available':
      return `l’ordre de tirage demande plus d’exemplaires de \`${e.tile}\` que n’en contiennent les extensions choisies`;
    case 'river_with_city':
      return `La Rivière II ne se joue pas avec la Ville de Carcassonne (règle de la 2e édition) ; réglez l’option « ${frCatalogueWords.optionName('river_with_city_discard')} » sur « ${frCatalogueWords.optionValue('river_with_city_discard', true)} » pour les jouer ensemble`;
    case 'cathars_with_siege':
      return 'Les Cathares et Siège sont deux éditions des quatre mêmes tuiles : choisissez l’une des deux';
  }
}

/** A problem of the new-game form, shown before "Start". */
function nameProblem(reason: NameProblem): string {
  return {
    empty: 'un nom ne peut pas être vide',
    too_long: `un nom compte au plus ${MAX_NAME} caractères`,
    control_character: 'un nom ne peut pas contenir de retour à la ligne ni d’autre caractère de contrôle',
  }[reason];
}

function setupProblem(p: SetupProblem): string {
  switch (p.problem) {
    case 'seated_twice':
      return `${p.name} occupe deux sièges`;
    case 'no_such_profile':
      return `siège ${p.seat + 1} : ce profil n’existe pas`;
    case 'unknown_bot':
      return `siège ${p.seat + 1} : bot inconnu \`${p.bot}\``;
    case 'same_colour':
      return `${p.name} a la même couleur qu’un autre siège`;
    case 'guest_name':
      return `siège ${p.seat + 1} : ${nameProblem(p.reason)}`;
    case 'setup':
      return setupError(p.error);
    case 'store':
      return storeError(p.error);
  }
}

/** Why the saved data refused. */
function storeError(e: StoreError): string {
  switch (e.kind) {
    case 'cannot_open':
      return `impossible d’ouvrir le fichier de sauvegarde ${e.path} : ${e.detail}`;
    case 'not_a_database':
      return `${e.path} n’est pas une sauvegarde de ce jeu, ou il est endommagé (${e.detail})`;
    case 'empty_file':
      return `le fichier de sauvegarde ${e.path} est vide : ses parties et ses profils sont perdus. Il a été laissé tel quel ; déplacez-le pour repartir de zéro`;
    case 'damaged':
      return `le fichier de sauvegarde ${e.path} est endommagé (${e.problems.join(' ; ')}). Il a été laissé tel quel : gardez-en une copie, puis déplacez-le pour repartir de zéro`;
    case 'game_damaged':
      return `la partie sauvegardée ${e.game} est endommagée : seules ${e.readable} de ses ${e.expected} actions sont lisibles. Elle a été laissée telle quelle`;
    case 'locked':
      return `${e.path} est utilisé par un autre programme (le jeu est-il ouvert dans une autre fenêtre ?)`;
    case 'disk_full':
      return 'le disque est plein : rien n’a pu être sauvegardé';
    case 'read_only':
      return 'le fichier de sauvegarde ne peut pas être écrit';
    case 'newer_schema':
      return `la sauvegarde vient d’une version plus récente du jeu (format ${e.found}, cette version lit jusqu’au ${e.supported}) : mettez le jeu à jour`;
    case 'invalid_name':
      return nameProblem(e.reason);
    case 'duplicate_name':
      return `il existe déjà un profil nommé ${e.name}`;
    case 'invalid_colour':
      return `« ${e.colour} » n’est pas une couleur de la forme #rrggbb`;
    case 'invalid_bot':
      return `« ${e.bot} » n’est pas un identifiant de bot (1 à ${MAX_BOT} caractères, sans caractère de contrôle)`;
    case 'invalid_json':
      return `${e.what === 'setup' ? 'la configuration de la partie' : 'l’action'} n’est pas du JSON valide : ${e.detail}`;
    case 'seat_count':
      return `une partie a de 1 à ${MAX_SEATS} sièges, pas ${e.got}`;
    case 'profile_seated_twice':
      return `le profil ${e.profile} ne peut pas occuper deux sièges dans une partie`;
    case 'invalid_seat':
      return `le siège ${e.seat} n’existe pas dans une partie à ${e.seats} sièges`;
    case 'wrong_score_count':
      return `${e.expected} scores attendus, un par siège, mais ${e.got} reçus`;
    case 'not_found':
      return e.what === 'profile' ? `il n’y a pas de profil ${e.id}` : `il n’y a pas de partie sauvegardée ${e.id}`;
    case 'action_out_of_order':
      return `l’action ${e.got} ne peut pas être sauvegardée : la prochaine action de cette partie est la ${e.expected}`;
    case 'game_not_playing':
      return `la partie ${e.id} est ${GAME_STATUS[e.status] ?? e.status} et ne peut plus changer`;
    case 'sqlite':
      return `erreur de base de données ${e.code} : ${e.message}`;
  }
}

const GAME_STATUS: Record<string, string> = { playing: 'en cours', finished: 'terminée', abandoned: 'abandonnée' };

const SETTINGS: Record<SettingsProblem, string> = {
  cannot_read: 'les réglages ne peuvent pas être lus',
  invalid: 'les réglages sauvegardés sont endommagés',
  cannot_write: 'les réglages ne peuvent pas être sauvegardés',
};

const LAN: Record<LanProblem, string> = {
  no_table_keeper: 'cette application ne garde aucune table hébergée',
  no_saved_table: 'il n’y a pas de table sauvegardée à reprendre',
  cannot_take_up: 'la table sauvegardée ne peut pas être reprise',
  cannot_host: 'la table ne peut pas être hébergée',
  host_timeout: 'l’hôte n’a pas démarré à temps',
  cannot_browse: 'impossible de chercher des tables à proximité',
  cannot_connect: 'impossible de joindre la table',
  no_answer: 'la table n’a pas répondu à temps',
  connection_failed: 'la connexion a échoué',
  connection_closed: 'la connexion à la table est fermée',
  not_at_table: 'cette application n’a pas été à cette table',
  qr_code: 'impossible de faire un QR code de cette adresse',
  cannot_open_window: 'la fenêtre de la table ne peut pas s’ouvrir',
  wrong_certificate: 'le certificat de la table n’est pas celui que nomme son lien : redemandez le lien à l’hôte',
  untrusted_certificate: 'le certificat de la table n’est pas reconnu : rejoignez-la avec le lien complet de l’hôte (il nomme le certificat)',
  tls_unreadable: 'ce fichier de certificat ou de clé ne peut pas être lu',
  tls_no_certificate: 'ce fichier ne contient aucun certificat PEM (-----BEGIN CERTIFICATE-----)',
  tls_no_key: 'ce fichier ne contient aucune clé privée PEM',
  tls_refused: 'cette clé ne va pas avec le certificat',
};

const ACCESS: Record<AccessRefusal, string> = {
  foreign_host: 'l’application ne répond qu’à sa propre adresse, et cette page a été ouverte à une autre',
  foreign_origin: 'l’application a refusé une demande venant d’un autre site',
  missing_token: 'cette page ne peut pas utiliser l’application : ouvrez l’application à sa propre adresse',
  wrong_token: 'cette page vient d’un lancement précédent de l’application : rechargez-la',
};

const MISSING = { profile: 'aucun profil', game: 'aucune partie', table_link: 'aucune connexion à une table' } as const;

/** Why a record file was refused (its actions counted from 1, as a player reads them). */
function recordError(e: RecordError, rule: string | null): string {
  switch (e.problem) {
    case 'malformed':
      return `ce fichier n’est pas un enregistrement de partie, ou il est endommagé (${e.message})`;
    case 'unsupported_version':
      return e.found > e.supported
        ? `cet enregistrement vient d’une version plus récente du jeu (format ${e.found} ; cette version lit jusqu’au ${e.supported}) : mettez le jeu à jour`
        : `aucune version du jeu n’a jamais écrit le format ${e.found} de cet enregistrement`;
    case 'setup':
      return `la configuration de l’enregistrement ne peut pas être jouée : ${setupError(e.error)}`;
    case 'illegal_action':
      return `l’action ${e.index + 1} de l’enregistrement n’est pas permise : ${playError(e.error)}${rule ? ` (${rule})` : ''}`;
    case 'wrong_tile':
      return `l’action ${e.index + 1} de l’enregistrement place une autre tuile que celle tirée : l’enregistrement ne correspond pas à sa graine`;
    case 'not_finished':
      return `l’enregistrement donne des scores finaux mais s’arrête après ${e.actions} actions`;
    case 'score_mismatch':
    case 'category_mismatch':
      return 'l’enregistrement ne compte pas les points comme il le dit';
  }
}

const FILE = {
  cannot_read: 'le fichier ne peut pas être lu',
  cannot_write: 'le fichier ne peut pas être écrit',
  too_large: 'ce fichier est bien trop gros pour être un enregistrement de partie',
} as const;

/** A refused command, in a sentence. */
function apiError(e: ApiError): string {
  switch (e.kind) {
    case 'illegal_move':
      return `${playError(e.error)} (${e.rule})`;
    case 'invalid_setup':
      return e.problems.map(setupProblem).join(' ; ');
    case 'store':
      return storeError(e.error);
    case 'stale_state':
      return `la table a changé (état ${e.expected} maintenant, le coup visait l’état ${e.got})`;
    case 'not_found':
      return `${MISSING[e.what]} avec l’identifiant ${e.id}`;
    case 'corrupt_save':
      return `la partie sauvegardée ${e.game} ne peut pas être rejouée : ${e.message}`;
    case 'not_a_bot_turn':
      return 'c’est à une personne de décider, pas à un bot';
    case 'game_over':
      return 'la partie est terminée';
    case 'record':
      return recordError(e.error, e.rule);
    case 'file':
      return `${FILE[e.problem]} (${e.detail})`;
    case 'undo_off':
      return 'l’annulation est désactivée dans les réglages (jeu en tournoi)';
    case 'nothing_to_undo':
      return 'personne n’a encore joué de tour : il n’y a rien à annuler';
    case 'tutorial_move':
      return 'le tutoriel attend le coup que montre sa carte';
    case 'lan':
      return e.detail ? `${LAN[e.problem]} : ${e.detail}` : LAN[e.problem];
    case 'settings':
      return `${SETTINGS[e.problem]} : ${e.detail}`;
    case 'forbidden':
      return ACCESS[e.reason];
    case 'bad_request':
      return e.message;
  }
}

/** A LAN host's refusal: a move or a setup in the words above, the rest as any table client says it. */
function refusal(r: Reject): string {
  switch (r.reason) {
    case 'illegal':
      return tableFr.hostRefused(playError(r.error));
    case 'setup':
      return tableFr.hostRefused(setupError(r.error));
    default:
      return tableFr.refused(r);
  }
}

function desync(d: LanDesync): string {
  switch (d.desync) {
    case 'state_gap':
      return `l’état ${d.state} de l’hôte est venu juste après le ${d.after} (des changements manquent)`;
    case 'snapshot_behind':
      return `l’hôte a envoyé l’état ${d.state} après le ${d.after} (il est revenu en arrière)`;
    case 'history_rewritten':
      return `l’historique de l’hôte (${d.actions} actions) ne prolonge pas les ${d.seen} que vous avez vues`;
    case 'unannounced_undo':
      return `l’hôte a ramené la partie à ${d.kept} des ${d.seen} actions que vous avez vues sans le demander à la table`;
  }
}

function fairProblem(p: FairProblem): string {
  switch (p.check) {
    case 'unfair':
      return tableFr.fairness(p.reason);
    case 'desync':
      return desync(p.desync);
    case 'history_differs':
      return 'l’enregistrement final n’est pas la suite des coups que vous avez vu jouer';
    case 'not_over':
      return 'la partie n’est pas terminée';
    case 'draw_differs':
      return frLanWebWords.fairDrawDiffers(p.draw);
    case 'not_checked':
      return 'cette application n’a pas pu vérifier la partie';
  }
}

export const frErrorWords = { apiError, playError, setupError, setupProblem, storeError, refusal, fairProblem };
