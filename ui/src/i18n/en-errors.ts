// English words for refusals: the API's errors, refused moves and setup problems arrive as
// codes with arguments (bindings.ts); these functions say them to a player.
import { MAX_NAME_CHARS, type AccessRefusal, type ApiError, type FollowerKind, type LanDesync, type LanProblem, type NameProblem, type PlayError, type RecordError, type SettingsProblem, type Quarter, type Reject, type SetupError, type SetupProblem, type StoreError } from '../bindings';
import type { FairProblem } from '../lan/fair';
import { tableEn } from './page.js';
import { lanWebWords } from './en-lanweb';
import { catalogueWords } from './en-catalogue';

const FOLLOWER: Record<FollowerKind, string> = { meeple: 'meeple', big_meeple: 'big meeple', abbot: 'abbot' };
const QUARTER: Record<Quarter, string> = { castle: 'castle', market: 'market', blacksmith: 'blacksmith', cathedral: 'cathedral' };
const SIDE: Record<string, string> = { N: 'north', E: 'east', S: 'south', W: 'west' };
// The store's limits (crates/store: MAX_NAME_CHARS generated, MAX_BOT_CHARS, MAX_SEATS).
const MAX_NAME = MAX_NAME_CHARS;
const MAX_BOT = 32;
const MAX_SEATS = 6;

/** A move the engine refused, without its rule. */
function playError(e: PlayError): string {
  switch (e.error) {
    case 'game_over':
      return 'the game is over';
    case 'not_your_turn':
      return `it is not seat ${e.seat + 1}'s turn to act (seat ${e.expected + 1} must act)`;
    case 'wrong_action':
      return `expected ${e.expected}`;
    case 'invalid_rotation':
      return `rotation ${e.rotation} is not 0, 1, 2 or 3`;
    case 'position_taken':
      return `there is already a tile at (${e.at[0]}, ${e.at[1]})`;
    case 'not_adjacent':
      return `(${e.at[0]}, ${e.at[1]}) does not touch any tile`;
    case 'edge_mismatch':
      return `the ${SIDE[e.side] ?? e.side} edge does not match its neighbour`;
    case 'no_such_feature':
      return `the tile just placed has no feature at ${e.feature}`;
    case 'not_occupiable':
      return `a ${FOLLOWER[e.follower]} cannot be put on ${e.feature}`;
    case 'farmers_off':
      return 'farmers are off in this game';
    case 'feature_occupied':
      return `the feature at ${e.feature} already has a follower`;
    case 'no_follower_left':
      return `no ${FOLLOWER[e.follower]} left in supply`;
    case 'follower_not_in_game':
      return `the ${FOLLOWER[e.follower]} is not used in this game`;
    case 'river_not_continued':
      return 'a river tile must continue the river from an open river end';
    case 'river_u_turn':
      return 'the river may not turn the same way twice in a row (no U-turn)';
    case 'no_abbot_to_recall':
      return 'you have no abbot on the board';
    case 'shrine_neighbours':
      return 'a shrine may not touch more than one monastery, nor a monastery more than one shrine';
    case 'no_follower_in_quarter':
      return `you have no such follower in the ${QUARTER[e.quarter]} quarter`;
    case 'quarter_blocked':
      return `the Count blocks the ${QUARTER[e.quarter]} quarter`;
    case 'quarter_not_allowed':
      return `a ${FOLLOWER[e.follower]} cannot enter the ${QUARTER[e.quarter]} quarter`;
    case 'no_escape':
      return 'no knight of yours can escape from there';
    case 'city_deploy_not_earned':
      return 'a follower may enter the City of Carcassonne only after a scoring in which another player scored and you did not';
    case 'scored_from_the_city':
      return 'you scored this turn with a follower from the City of Carcassonne, so none may enter it';
    case 'count_moves_by_itself':
      return 'the Count moves by himself in this game';
    case 'not_a_redeploy_target':
      return `the feature ${e.feature} at (${e.at[0]}, ${e.at[1]}) cannot take a follower from the city`;
  }
}

/** Why the engine refuses a setup. */
function setupError(e: SetupError): string {
  switch (e.error) {
    case 'too_few_players':
      return `a game needs at least ${e.min} players, this one has ${e.got}`;
    case 'too_many_players':
      return `at most ${e.max} players can play with these expansions, this game has ${e.got}${e.max === 5 ? ' (a 6th player needs Inns & Cathedrals)' : ''}`;
    case 'empty_name':
      return `player ${e.seat + 1} has no name`;
    case 'expansion_not_supported':
      return `${catalogueWords.expansionName(e.expansion)} is not available in this version yet`;
    case 'unknown_tile':
      return `no tile is called \`${e.tile}\``;
    case 'tile_not_available':
      return `the draw order asks for more copies of \`${e.tile}\` than the chosen sets hold`;
    case 'river_with_city':
      return `The River II is not played with the City of Carcassonne (2nd-edition rule); set the option “${catalogueWords.optionName('river_with_city_discard')}” to “${catalogueWords.optionValue('river_with_city_discard', true)}” to play them together`;
    case 'cathars_with_siege':
      return 'Cathars and Siege are two printings of the same four tiles: choose one of them';
  }
}

/** A problem of the new-game form, shown before "Start". */
function nameProblem(reason: NameProblem): string {
  return { empty: 'a name cannot be empty', too_long: `a name can have at most ${MAX_NAME} characters`, control_character: 'a name cannot contain line breaks or other control characters' }[reason];
}

function setupProblem(p: SetupProblem): string {
  switch (p.problem) {
    case 'seated_twice':
      return `${p.name} sits in two seats`;
    case 'no_such_profile':
      return `seat ${p.seat + 1}: no such profile`;
    case 'unknown_bot':
      return `seat ${p.seat + 1}: unknown bot \`${p.bot}\``;
    case 'same_colour':
      return `${p.name} has the same colour as another seat`;
    case 'guest_name':
      return `seat ${p.seat + 1}: ${nameProblem(p.reason)}`;
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
      return `cannot open the saved data file ${e.path}: ${e.detail}`;
    case 'not_a_database':
      return `${e.path} is not this game's saved data, or it is damaged (${e.detail})`;
    case 'empty_file':
      return `the saved data file ${e.path} is empty: its games and profiles are lost. It was left as it is; move it away to start afresh`;
    case 'damaged':
      return `the saved data file ${e.path} is damaged (${e.problems.join('; ')}). It was left as it is: keep a copy, then move it away to start afresh`;
    case 'game_damaged':
      return `saved game ${e.game} is damaged: only ${e.readable} of its ${e.expected} moves can be read. It was left as it is`;
    case 'locked':
      return `${e.path} is in use by another program (is the game open in another window?)`;
    case 'disk_full':
      return 'the disk is full: nothing could be saved';
    case 'read_only':
      return 'the saved data file cannot be written';
    case 'newer_schema':
      return `the saved data was written by a newer version of the game (format ${e.found}, this version reads up to ${e.supported}): please update the game`;
    case 'invalid_name':
      return nameProblem(e.reason);
    case 'duplicate_name':
      return `there is already a profile called ${e.name}`;
    case 'invalid_colour':
      return `"${e.colour}" is not a colour of the form #rrggbb`;
    case 'invalid_bot':
      return `"${e.bot}" is not a bot id (1 to ${MAX_BOT} characters, no control characters)`;
    case 'invalid_json':
      return `${e.what === 'setup' ? "the game's setup" : 'the action'} is not valid JSON: ${e.detail}`;
    case 'seat_count':
      return `a game has 1 to ${MAX_SEATS} seats, not ${e.got}`;
    case 'profile_seated_twice':
      return `profile ${e.profile} cannot take two seats in one game`;
    case 'invalid_seat':
      return `seat ${e.seat} does not exist in a game of ${e.seats} seats`;
    case 'wrong_score_count':
      return `expected ${e.expected} scores, one per seat, but got ${e.got}`;
    case 'not_found':
      return e.what === 'profile' ? `there is no profile ${e.id}` : `there is no saved game ${e.id}`;
    case 'action_out_of_order':
      return `action ${e.got} cannot be saved: the next action of this game is ${e.expected}`;
    case 'game_not_playing':
      return `game ${e.id} is ${e.status} and cannot change any more`;
    case 'sqlite':
      return `database error ${e.code}: ${e.message}`;
  }
}

const SETTINGS: Record<SettingsProblem, string> = {
  cannot_read: 'the settings cannot be read',
  invalid: 'the saved settings are damaged',
  cannot_write: 'the settings cannot be saved',
};

const LAN: Record<LanProblem, string> = {
  no_table_keeper: 'this app keeps no hosted tables',
  no_saved_table: 'there is no saved table to take up',
  cannot_take_up: 'the saved table cannot be taken up',
  cannot_host: 'the table cannot be hosted',
  host_timeout: 'the host did not start in time',
  cannot_browse: 'cannot look for tables nearby',
  cannot_connect: 'cannot reach the table',
  wrong_certificate: "the table's certificate is not the one its join link names: ask the host for the link again",
  untrusted_certificate: "the table's certificate is not trusted: join with the host's whole link (it names the certificate)",
  no_answer: 'the table did not answer in time',
  connection_failed: 'the connection failed',
  connection_closed: 'the connection to the table is closed',
  not_at_table: 'this app has not been at that table',
  qr_code: 'no QR code can be made of the address',
  cannot_open_window: "the table's window cannot be opened",
  tls_unreadable: 'this certificate or key file cannot be read',
  tls_no_certificate: 'this file holds no PEM certificate (-----BEGIN CERTIFICATE-----)',
  tls_no_key: 'this file holds no PEM private key',
  tls_refused: 'this key does not go with the certificate',
};

const ACCESS: Record<AccessRefusal, string> = {
  foreign_host: 'the app answers only its own address, and this page was opened at another',
  foreign_origin: 'the app refused a request from another site',
  missing_token: 'this page may not use the app: open the app from its own address',
  wrong_token: 'this page is from an earlier start of the app: reload it',
};

const MISSING = { profile: 'profile', game: 'game', table_link: 'connection to a table' } as const;

/** Why a record file was refused (its actions counted from 1, as a player reads them). */
function recordError(e: RecordError, rule: string | null): string {
  switch (e.problem) {
    case 'malformed':
      return `this file is not a game record, or it is damaged (${e.message})`;
    case 'unsupported_version':
      return e.found > e.supported
        ? `this record was written by a newer version of the game (format ${e.found}; this version reads up to ${e.supported}): please update the game`
        : `this record's format version (${e.found}) was never written by any version of the game`;
    case 'setup':
      return `the record's setup cannot be played: ${setupError(e.error)}`;
    case 'illegal_action':
      return `action ${e.index + 1} of the record is not allowed: ${playError(e.error)}${rule ? ` (${rule})` : ''}`;
    case 'wrong_tile':
      return `action ${e.index + 1} of the record places a tile other than the one drawn: the record does not match its seed`;
    case 'not_finished':
      return `the record gives final scores but stops after ${e.actions} actions`;
    case 'score_mismatch':
    case 'category_mismatch':
      return 'the record scores differently from what it says';
  }
}

/** A refused command, in a sentence. */
function apiError(e: ApiError): string {
  switch (e.kind) {
    case 'illegal_move':
      return `${playError(e.error)} (${e.rule})`;
    case 'invalid_setup':
      return e.problems.map(setupProblem).join('; ');
    case 'store':
      return storeError(e.error);
    case 'stale_state':
      return `the table changed (state ${e.expected} now, the move was for ${e.got})`;
    case 'not_found':
      return `no ${MISSING[e.what]} with id ${e.id}`;
    case 'corrupt_save':
      return `saved game ${e.game} cannot be replayed: ${e.message}`;
    case 'not_a_bot_turn':
      return 'a person decides now, not a bot';
    case 'game_over':
      return 'the game is over';
    case 'record':
      return recordError(e.error, e.rule);
    case 'file':
      return `${{ cannot_read: 'the file cannot be read', cannot_write: 'the file cannot be written', too_large: 'this file is far too large to be a game record' }[e.problem]} (${e.detail})`;
    case 'undo_off':
      return 'undo is off in the settings (tournament play)';
    case 'nothing_to_undo':
      return 'nobody has played a turn yet: there is nothing to undo';
    case 'tutorial_move':
      return 'the tutorial waits for the move its card shows';
    case 'lan':
      return e.detail ? `${LAN[e.problem]}: ${e.detail}` : LAN[e.problem];
    case 'settings':
      return `${SETTINGS[e.problem]}: ${e.detail}`;
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
      return tableEn.hostRefused(playError(r.error));
    case 'setup':
      return tableEn.hostRefused(setupError(r.error));
    default:
      return tableEn.refused(r);
  }
}

function desync(d: LanDesync): string {
  switch (d.desync) {
    case 'state_gap':
      return `the host's state ${d.state} came right after ${d.after} (changes went missing)`;
    case 'snapshot_behind':
      return `the host sent state ${d.state} after ${d.after} (it went back)`;
    case 'history_rewritten':
      return `the host's history (${d.actions} actions) does not extend the ${d.seen} you saw`;
    case 'unannounced_undo':
      return `the host took the game back to ${d.kept} of the ${d.seen} actions you saw without asking the table`;
  }
}

function fairProblem(p: FairProblem): string {
  switch (p.check) {
    case 'unfair':
      return tableEn.fairness(p.reason);
    case 'desync':
      return desync(p.desync);
    case 'history_differs':
      return 'the final record is not the moves you saw played';
    case 'not_over':
      return 'the game is not over';
    case 'draw_differs':
      return lanWebWords.fairDrawDiffers(p.draw);
    case 'not_checked':
      return 'this app could not check the game';
  }
}

export const errorWords = { apiError, playError, setupError, setupProblem, storeError, refusal, fairProblem };
