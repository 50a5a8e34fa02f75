// Generated from the Rust types by crates/api (bindings.rs). Do not edit:
// `UPDATE_BINDINGS=1 cargo test -p carcassonne-api bindings` regenerates it.

export type Pos = [number, number];

export type FeatureRef = string;

export type TileTypeId = string;

export type Action = { "type": "place", at: Pos, rotation: number, } | { "type": "deploy", feature: FeatureRef, follower: FollowerKind, } | { "type": "pass" } | { "type": "recall_abbot" } | { "type": "redeploy", follower: FollowerKind, } | { "type": "city_deploy", quarter: Quarter, follower: FollowerKind, } | { "type": "move_count", quarter: Quarter, } | { "type": "escape", at: Pos, feature: FeatureRef, } | { "type": "final_redeploy", follower: FollowerKind, at: Pos, feature: FeatureRef, };

export type FollowerKind = "meeple" | "big_meeple" | "abbot";

export type Decision = { seat: number, } & ({ "kind": "place_tile", tile: TileTypeId, } | { "kind": "deploy", at: Pos, } | { "kind": "redeploy", at: Pos, feature: FeatureRef, quarter: Quarter, } | { "kind": "city_deploy" } | { "kind": "move_count", count: Quarter, } | { "kind": "escape" } | { "kind": "final_redeploy" });

export type DecisionKind = { "kind": "place_tile", tile: TileTypeId, } | { "kind": "deploy", at: Pos, } | { "kind": "redeploy", at: Pos, feature: FeatureRef, quarter: Quarter, } | { "kind": "city_deploy" } | { "kind": "move_count", count: Quarter, } | { "kind": "escape" } | { "kind": "final_redeploy" };

export type Event = { "event": "tile_drawn", seat: number, tile: TileTypeId, } | { "event": "tile_discarded", seat: number, tile: TileTypeId, } | { "event": "tile_placed", seat: number, tile: TileTypeId, at: Pos, rotation: number, } | { "event": "follower_deployed", seat: number, at: Pos, feature: FeatureRef, follower: FollowerKind, } | { "event": "passed", seat: number, } | { "event": "abbot_recalled", seat: number, at: Pos, } | { "event": "follower_redeployed", seat: number, follower: FollowerKind, from: Quarter, at: Pos, feature: FeatureRef, } | { "event": "city_deployed", seat: number, follower: FollowerKind, quarter: Quarter, } | { "event": "count_moved", quarter: Quarter, } | { "event": "king_taken", seat: number, tiles: number, } | { "event": "robber_taken", seat: number, tiles: number, } | { "event": "knight_escaped", seat: number, at: Pos, } | { "event": "final_scoring", followers: Array<BoardFollower>, } | { "event": "scored" } & ScoreEntry | { "event": "game_over", scores: Array<number>, };

export type PlayError = { "error": "game_over" } | { "error": "not_your_turn", seat: number, expected: number, } | { "error": "wrong_action", expected: string, } | { "error": "invalid_rotation", rotation: number, } | { "error": "position_taken", at: Pos, } | { "error": "not_adjacent", at: Pos, } | { "error": "edge_mismatch", side: Side, } | { "error": "no_such_feature", feature: FeatureRef, } | { "error": "not_occupiable", feature: FeatureRef, follower: FollowerKind, } | { "error": "farmers_off" } | { "error": "feature_occupied", feature: FeatureRef, } | { "error": "no_follower_left", follower: FollowerKind, } | { "error": "follower_not_in_game", follower: FollowerKind, } | { "error": "river_not_continued" } | { "error": "river_u_turn" } | { "error": "no_abbot_to_recall" } | { "error": "shrine_neighbours" } | { "error": "no_follower_in_quarter", quarter: Quarter, } | { "error": "quarter_blocked", quarter: Quarter, } | { "error": "quarter_not_allowed", quarter: Quarter, follower: FollowerKind, } | { "error": "no_escape" } | { "error": "city_deploy_not_earned" } | { "error": "scored_from_the_city" } | { "error": "count_moves_by_itself" } | { "error": "not_a_redeploy_target", at: Pos, feature: FeatureRef, };

export type Side = "N" | "E" | "S" | "W";

export type Quarter = "castle" | "market" | "blacksmith" | "cathedral";

export type CountMoves = "free" | "clockwise" | "follow";

export type KingRobberScoring = "official" | "flat10" | "flat15_40" | "continuous";

export type SiegeEscape = "siege_tile" | "any_city_tile";

export type ScoreEntry = { 
/**
 * The rule applied, e.g. `R-BASE-7`.
 */
rule: string, kind: FeatureKind, when: ScoreTime, 
/**
 * The tiles of the feature in the order they were placed (for a monastery: the
 * monastery's own tile).
 */
tiles: Array<Pos>, 
/**
 * Shields in a city.
 */
shields: number, 
/**
 * Fields: the completed cities the field touches. Monasteries: placed neighbours.
 */
count: number, 
/**
 * Follower strength per seat on the feature (R-BASE-9).
 */
strength: Array<number>, 
/**
 * Seats with the majority; empty when nobody occupied the feature.
 */
winners: Array<number>, 
/**
 * Points scored by each winner.
 */
points: number, };

export type ScoreTime = "turn" | "final" | "recall";

export type FeatureKind = "city" | "road" | "river" | "field" | "monastery" | "shrine" | "garden" | "volcano";

export type CategoryTotals = { roads: number, cities: number, 
/**
 * Monasteries, shrines and gardens.
 */
monasteries: number, fields: number, 
/**
 * The King and the Robber Baron (R-CKR-9, R-CKR-10).
 */
bonuses: number, };

export type Expansion = "base" | "river1" | "river2" | "abbot" | "inns_cathedrals" | "city_of_carcassonne" | "king_robber" | "shrines" | "ckr_land" | "besiegers" | "cathars" | "siege";

export type Options = { 
/**
 * Farmers (R-BASE-13). On in the 2nd edition; off is the common "no farmers" house rule:
 * fields can then not be occupied and nothing scores for them.
 */
farmers: boolean, 
/**
 * R-BASE-7 (the first edition's rule): a completed city of exactly 2 tiles scores 1 per
 * tile and shield (0 when besieged, R-SIEGE-2). Off: 2 per tile and shield like any city.
 */
tiny_city?: boolean, 
/**
 * R-RIVER-6 (1st-edition rule): allow River II with the City of Carcassonne, discarding
 * river tiles that cannot be placed. Off: setup refuses the pair.
 */
river_with_city_discard?: boolean, 
/**
 * R-CKR-7: how the Count moves after a follower enters the city.
 */
count_moves: CountMoves, 
/**
 * R-CKR-6 (1st edition): before final scoring, followers leave the city one at a time
 * for matching features, incomplete ones and fields too. Off: they score nothing.
 */
final_redeploy?: boolean, 
/**
 * R-CKR-10: how the King and Robber Baron score at the end.
 */
king_robber_scoring: KingRobberScoring, 
/**
 * R-SIEGE-5: which tiles of a besieged city a monastery must touch for an escape.
 */
siege_escape: SiegeEscape, };

export type PlayerSetup = { name: string, };

export type Setup = { 
/**
 * In seat (turn) order.
 */
players: Array<PlayerSetup>, 
/**
 * Toggles; `base` is implied.
 */
sets: Array<Expansion>, options: Options, 
/**
 * Tile ids drawn first, in this order (the rest of the bag follows, shuffled).
 */
draw_order?: Array<string>, 
/**
 * The bag holds only the `draw_order` tiles: the game ends when they are used up.
 * For scenarios, puzzles and rule tests.
 */
draw_order_only?: boolean, };

export type SetupError = { "error": "too_few_players", min: number, got: number, } | { "error": "too_many_players", max: number, got: number, } | { "error": "empty_name", seat: number, } | { "error": "expansion_not_supported", expansion: Expansion, } | { "error": "unknown_tile", tile: string, } | { "error": "tile_not_available", tile: string, } | { "error": "river_with_city" } | { "error": "cathars_with_siege" };

export type Profile = { id: number, 
/**
 * Trimmed, 1 to [`MAX_NAME_CHARS`](crate::MAX_NAME_CHARS) characters, unique
 * case-insensitively.
 */
name: string, 
/**
 * `#rrggbb`, lower case.
 */
colour: string, 
/**
 * Unix seconds, as given to [`Store::create_profile`](crate::Store::create_profile).
 */
created: number, };

export type ProfileStats = { profile: number, 
/**
 * Finished games played.
 */
played: number, 
/**
 * Finished games won; a tie counts as a win for every winner.
 */
wins: number, 
/**
 * Mean final score; 0 when no game was finished.
 */
average_score: number, 
/**
 * Best final score; 0 when no game was finished.
 */
best_score: number, };

export type GameSummary = { id: number, created: number, 
/**
 * When the last action was saved (or the game created).
 */
updated: number, seats: Array<SeatEntry>, 
/**
 * How many actions are saved.
 */
actions: number, 
/**
 * How many of them placed a tile: the turns played.
 */
turns: number, };

export type GameStatus = "playing" | "finished" | "abandoned";

export type SeatEntry = { player: Player, 
/**
 * Same rules as a profile's name, but need not be unique.
 */
name: string, 
/**
 * `#rrggbb`.
 */
colour: string, };

export type Player = { "kind": "human", profile: number | null, } | { "kind": "bot", bot: string, };

export type StoreError = { "kind": "cannot_open", path: string, detail: string, } | { "kind": "not_a_database", path: string, detail: string, } | { "kind": "empty_file", path: string, } | { "kind": "damaged", path: string, problems: Array<string>, } | { "kind": "game_damaged", game: number, expected: number, readable: number, } | { "kind": "locked", path: string, } | { "kind": "disk_full" } | { "kind": "read_only" } | { "kind": "newer_schema", found: number, supported: number, } | { "kind": "invalid_name", reason: NameProblem, } | { "kind": "duplicate_name", name: string, } | { "kind": "invalid_colour", colour: string, } | { "kind": "invalid_bot", bot: string, } | { "kind": "invalid_json", what: JsonField, detail: string, } | { "kind": "seat_count", got: number, } | { "kind": "profile_seated_twice", profile: number, } | { "kind": "invalid_seat", seat: number, seats: number, } | { "kind": "wrong_score_count", expected: number, got: number, } | { "kind": "not_found", what: Entity, id: number, } | { "kind": "action_out_of_order", expected: number, got: number, } | { "kind": "game_not_playing", id: number, status: GameStatus, } | { "kind": "sqlite", code: number, message: string, };

export type Recovery = { 
/**
 * Why the file could not be opened as it was.
 */
problem: StoreError, 
/**
 * Where the damaged file now is, byte for byte as it was found.
 */
kept_at: string, 
/**
 * Profiles copied into the new store.
 */
profiles: number, 
/**
 * Games copied whole.
 */
games: number, 
/**
 * Games copied up to their first unreadable action (their status is then `playing`,
 * so they can be continued from there).
 */
partial_games: number, 
/**
 * Games of which nothing usable could be read (not even their setup and seats).
 */
lost_games: number, };

export type NameProblem = "empty" | "too_long" | "control_character";

export type JsonField = "setup" | "action";

export type Entity = "profile" | "game";

export type JsonValue = number | string | boolean | Array<JsonValue> | { [key in string]: JsonValue } | null;

export type ApiError = { "kind": "illegal_move", error: PlayError, rule: string, } | { "kind": "invalid_setup", problems: Array<SetupProblem>, } | { "kind": "store", error: StoreError, } | { "kind": "stale_state", expected: number, got: number, } | { "kind": "not_found", what: Missing, id: number, } | { "kind": "corrupt_save", game: number, message: string, } | { "kind": "not_a_bot_turn" } | { "kind": "game_over" } | { "kind": "file", problem: FileProblem, detail: string, } | { "kind": "record", error: RecordError, rule: string | null, } | { "kind": "undo_off" } | { "kind": "nothing_to_undo" } | { "kind": "tutorial_move", turn: number, } | { "kind": "bad_request", message: string, } | { "kind": "settings", problem: SettingsProblem, detail: string, } | { "kind": "lan", problem: LanProblem, detail: string | null, } | { "kind": "forbidden", reason: AccessRefusal, };

export type Missing = "profile" | "game" | "table_link";

export type SetupProblem = { "problem": "seated_twice", name: string, } | { "problem": "no_such_profile", seat: number, } | { "problem": "unknown_bot", seat: number, bot: string, } | { "problem": "guest_name", seat: number, reason: NameProblem, } | { "problem": "same_colour", name: string, } | { "problem": "setup", error: SetupError, } | { "problem": "store", error: StoreError, };

export type LanProblem = "no_table_keeper" | "no_saved_table" | "cannot_take_up" | "cannot_host" | "host_timeout" | "cannot_browse" | "cannot_connect" | "wrong_certificate" | "untrusted_certificate" | "no_answer" | "connection_failed" | "connection_closed" | "not_at_table" | "qr_code" | "cannot_open_window" | "tls_unreadable" | "tls_no_certificate" | "tls_no_key" | "tls_refused";

export type AccessRefusal = "foreign_host" | "foreign_origin" | "missing_token" | "wrong_token";

export type SettingsProblem = "cannot_read" | "invalid" | "cannot_write";

export type LanClosed = "by_the_app" | "by_the_table" | "connection_failed" | "not_read";

export type AppInfo = { version: string, expansions: Array<ExpansionInfo>, options: Array<OptionInfo>, bots: Array<BotInfo>, 
/**
 * Seat colours offered, in order.
 */
colours: Array<string>, min_players: number, max_players: number, };

export type ExpansionInfo = { id: Expansion, 
/**
 * Tiles the expansion adds to the bag.
 */
tiles: number, };

export type OptionInfo = { 
/**
 * The field of `Options` it sets.
 */
key: string, 
/**
 * Shown only when one of these expansions is on (none listed: always).
 */
expansions: Array<Expansion>, values: Array<OptionValue>, default: JsonValue, };

export type OptionValue = { value: JsonValue, };

export type BotInfo = { id: string, 
/**
 * The bot's name, also in its seats' names ("Easy bot 1").
 */
name: string, };

export type TileInfo = { id: string, set: TileSet, name: string, count: number, edges: TileEdges, features: Array<TileFeatureInfo>, river_role: RiverRole | null, board_position: BoardPosition | null, };

export type TileSet = "base" | "river1" | "river2" | "inns_cathedrals" | "ckr_shrines" | "ckr_land" | "ckr_city" | "besiegers" | "cathars" | "siege";

export type RiverRole = "source" | "end" | "course" | "fork";

export type TileEdges = { N: Terrain, E: Terrain, S: Terrain, W: Terrain, };

export type Terrain = "field" | "road" | "city" | "river" | "internal";

export type BoardPosition = { col: number, row: number, };

export type TileFeatureInfo = { id: string, kind: FeatureKind, ports: Array<Port>, pennants: number | null, cathedral: boolean | null, besieged: boolean | null, inn: boolean | null, pig_herd: boolean | null, inner: boolean | null, borders_cities: Array<string> | null, };

export type Port = "N1" | "N" | "N2" | "E1" | "E" | "E2" | "S1" | "S" | "S2" | "W1" | "W" | "W2";

export type ProfileRequest = { name: string, colour: string, };

export type UpdateProfileRequest = { id: number, name: string, colour: string, };

export type IdRequest = { id: number, };

export type ProfileCard = { profile: Profile, stats: ProfileStats, };

export type SeatRequest = { "type": "human", profile: number, } | { "type": "bot", bot: string, colour: string, } | { "type": "guest", name: string, colour: string, };

export type SeatOrder = "as_listed" | "random";

export type NewGameRequest = { seats: Array<SeatRequest>, order: SeatOrder, sets: Array<Expansion>, options: Options, 
/**
 * A fixed seed (tests, replays); none draws one.
 */
seed: number | null, };

export type SetupCheck = { ok: boolean, problems: Array<SetupProblem>, };

export type PlayRequest = { game: number, seat: number, 
/**
 * The `state` of the view the player acted on: a stale view is refused.
 */
state: number, action: Action, };

export type GameRequest = { game: number, };

export type UndoRequest = { game: number, state: number, };

export type HistoryEntry = { id: number, status: GameStatus, created: number, updated: number, seats: Array<ListedSeat>, sets: Array<Expansion>, 
/**
 * None when the saved setup cannot be read (`damaged`).
 */
options: Options | null, turns: number, actions: number, 
/**
 * The saved setup does not parse: the game is listed but cannot be opened.
 */
damaged: boolean, 
/**
 * Played on from another game's point.
 */
branch_of: Branch | null, };

export type ProfileStatistics = { profile: number, overall: WinRecord, 
/**
 * By number of seats, fewest first.
 */
by_players: Array<PlayersRecord>, 
/**
 * By expansion in play (a game with two counts for both), the base game alone first.
 */
by_set: Array<SetRecord>, categories: CategoryAverages, best: GameScore | null, 
/**
 * Most games together first.
 */
opponents: Array<HeadToHead>, 
/**
 * The latest finished games, oldest first (up to [`RECENT_GAMES`]).
 */
recent: Array<GameScore>, };

export type WinRecord = { played: number, wins: number, };

export type PlayersRecord = { players: number, played: number, wins: number, };

export type SetRecord = { set: Expansion, played: number, wins: number, };

export type CategoryAverages = { games: number, roads: number, cities: number, monasteries: number, fields: number, bonuses: number, };

export type GameScore = { game: number, 
/**
 * When it ended (Unix seconds).
 */
ended: number, score: number, 
/**
 * 1 for the best score; seats with the same score share a place.
 */
place: number, players: number, won: boolean, };

export type Opponent = { "type": "profile", profile: number, name: string, } | { "type": "bot", bot: string, };

export type HeadToHead = { opponent: Opponent, games: number, ahead: number, behind: number, level: number, };

export type ReplayRequest = { game: number, at: number, };

export type ReplayView = { view: GameView, actions: number, turn_starts: Array<number>, status: GameStatus, };

export type BranchRequest = { game: number, at: number, seats: Array<SeatRequest>, };

export type Branch = { 
/**
 * None once the parent game was deleted.
 */
game: number | null, at: number, };

export type RecordFile = { name: string, json: string, };

export type ImportRequest = { json: string, };

export type Imported = { game: number, over: boolean, };

export type RecordError = { "problem": "malformed", message: string, } | { "problem": "unsupported_version", found: number, supported: number, } | { "problem": "setup", index: number | null, error: SetupError, } | { "problem": "illegal_action", index: number, error: PlayError, } | { "problem": "wrong_tile", index: number, recorded: TileTypeId, drawn: TileTypeId | null, } | { "problem": "not_finished", actions: number, } | { "problem": "score_mismatch", expected: Array<number>, actual: Array<number>, } | { "problem": "category_mismatch", expected: Array<CategoryTotals>, actual: Array<CategoryTotals>, };

export type FileProblem = "cannot_read" | "cannot_write" | "too_large";

export type ListedSeat = { score: number | null, winner: boolean, player: Player, 
/**
 * Same rules as a profile's name, but need not be unique.
 */
name: string, 
/**
 * `#rrggbb`.
 */
colour: string, };

export type PlayResult = { events: Array<Event>, view: GameView, };

export type PreviewRequest = { game: number, state: number, at: Pos, rotation: number, };

export type PreviewView = { choices: Array<ChoiceOption>, };

export type SeatView = { seat: number, name: string, colour: string, 
/**
 * The bot's id for a bot seat.
 */
bot: string | null, profile: number | null, score: number, 
/**
 * Followers in supply by kind (only kinds in the game).
 */
supply: Array<Supply>, };

export type Supply = { kind: FollowerKind, count: number, };

export type PlacedView = { tile: string, at: Pos, rotation: number, };

export type FollowerView = { seat: number, kind: FollowerKind, at: Pos, feature: FeatureRef, feature_id: string, };

export type CityFollowerView = { seat: number, kind: FollowerKind, quarter: Quarter, };

export type CityView = { count: Quarter, followers: Array<CityFollowerView>, };

export type CardHolder = { seat: number, tiles: number, };

export type PlacementOption = { at: Pos, rotations: Array<number>, };

export type Declined = "place_tile" | "deploy" | "redeploy" | "city_deploy" | "move_count" | "escape" | "final_redeploy";

export type ChoiceLabel = { "kind": "deploy", follower: FollowerKind, } | { "kind": "pass", declined: Declined, } | { "kind": "recall_abbot" } | { "kind": "redeploy", follower: FollowerKind, quarter: Quarter | null, } | { "kind": "city_deploy", follower: FollowerKind, quarter: Quarter, } | { "kind": "move_count", quarter: Quarter, } | { "kind": "escape" } | { "kind": "final_redeploy", follower: FollowerKind, } | { "kind": "place" };

export type ChoiceOption = { action: Action, 
/**
 * For actions on a feature of a placed tile: where, and the tile-local feature id.
 */
at: Pos | null, feature_id: string | null, 
/**
 * The feature's kind (city, road, field, monastery...).
 */
feature_kind: FeatureKind | null, 
/**
 * What the choice does, for its words ("Meeple on the city", "No follower"...).
 */
label: ChoiceLabel, };

export type PendingView = { decision: Decision, 
/**
 * The tile to place, when the decision is a placement.
 */
tile: string | null, 
/**
 * Whether a bot decides (the UI asks `bot_move`) or a person.
 */
by_bot: boolean, placements: Array<PlacementOption>, choices: Array<ChoiceOption>, };

export type Standing = { rank: number, seats: Array<number>, };

export type FinalReport = { standings: Array<Standing>, winners: Array<number>, categories: Array<CategoryTotals>, };

export type Bonus = "king" | "robber_baron";

export type ScoreLine = { entry: ScoreEntry, bonus: Bonus | null, };

export type TurnEntry = { seat: number, 
/**
 * The index of the turn's first action (its placement).
 */
first_action: number, 
/**
 * The tile's catalogue id.
 */
tile: string, at: Pos, rotation: number, 
/**
 * Tiles drawn before it that fit nowhere and left the game (R-BASE-4).
 */
discarded: Array<string>, events: Array<TurnEvent>, 
/**
 * Indices into the view's `scores` (a scoring nobody won included).
 */
scores: Array<number>, 
/**
 * Why the turn was played, as facts (most telling first): the UI shows a bot's.
 */
why: Array<Reason>, };

export type Reason = { "reason": "completes", kind: FeatureKind, features: number, points: number, } | { "reason": "takes_over", kind: FeatureKind, rivals: Array<number>, } | { "reason": "shares", kind: FeatureKind, rivals: Array<number>, } | { "reason": "blocks", kind: FeatureKind, rivals: Array<number>, } | { "reason": "cloister", kind: FeatureKind, follower: FollowerKind, neighbours: number, points: number, } | { "reason": "claims", kind: FeatureKind, follower: FollowerKind, tiles: number, points: number, } | { "reason": "farms", follower: FollowerKind, cities: number, points: number, } | { "reason": "grows", kind: FeatureKind, tiles: number, points: number, } | { "reason": "keeps_followers", left: number, } | { "reason": "quiet", ways: number, };

export type TileCount = { tile: string, count: number, };

export type CellFitKind = "dead" | "single";

export type HardCellView = { at: Pos, fit: CellFitKind, 
/**
 * For a single-fit cell, the tile type (catalogue id) that fits.
 */
tile: string | null, };

export type PointsView = { points: number, winners: Array<number>, rule: string, };

export type FeatureProjectionView = { kind: FeatureKind, 
/**
 * The followers on it, as in the view's `followers`.
 */
followers: Array<FollowerView>, at_end: PointsView, 
/**
 * `None` for fields (never completed).
 */
if_completed: PointsView | null, };

export type ProjectionView = { 
/**
 * Per seat, the final score.
 */
scores: Array<number>, features: Array<FeatureProjectionView>, };

export type SegmentView = { at: Pos, feature_id: string, };

export type FieldView = { 
/**
 * Stays the same while the field grows and merges (its oldest segment).
 */
id: number, segments: Array<SegmentView>, 
/**
 * Farmer strength per seat (a big meeple counts 2).
 */
strength: Array<number>, 
/**
 * The seats with the most farmers: none (nobody farms it), one, or several (contested).
 */
owners: Array<number>, 
/**
 * The completed cities it supplies: indexes into [`FarmsView::cities`].
 */
cities: Array<number>, 
/**
 * It touches the City of Carcassonne (one more completed city).
 */
city_of_carcassonne: boolean, 
/**
 * What each owner would score for it if the game ended now.
 */
points: number, };

export type FarmCityView = { segments: Array<SegmentView>, besieged: boolean, };

export type FarmsView = { fields: Array<FieldView>, cities: Array<FarmCityView>, };

export type TurnEvent = { "event": "deployed", seat: number, kind: FollowerKind, at: Pos, feature_kind: FeatureKind | null, } | { "event": "redeployed", seat: number, kind: FollowerKind, from: Quarter, at: Pos, feature_kind: FeatureKind | null, } | { "event": "entered_city", seat: number, kind: FollowerKind, quarter: Quarter, } | { "event": "count_moved", quarter: Quarter, } | { "event": "abbot_recalled", seat: number, at: Pos, } | { "event": "knight_escaped", seat: number, at: Pos, } | { "event": "king_taken", seat: number, tiles: number, } | { "event": "robber_taken", seat: number, tiles: number, };

export type FinalScoringView = { followers: Array<BoardFollower>, scores: Array<number>, };

export type BoardFollower = { seat: number, kind: FollowerKind, at: Pos, feature: FeatureRef, };

export type GameView = { id: number, 
/**
 * Actions applied so far: stamps every view; a play on an older view is refused.
 */
state: number, sets: Array<Expansion>, options: Options, seats: Array<SeatView>, tiles: Array<PlacedView>, 
/**
 * The tile placed last (marked on the board), and the seat that placed it.
 */
last_placed: Pos | null, last_placed_by: number | null, followers: Array<FollowerView>, city: CityView | null, king: CardHolder | null, robber: CardHolder | null, 
/**
 * Tiles still in the bag.
 */
tiles_left: number, 
/**
 * The same, by tile type (catalogue id, count), in catalogue order.
 */
tiles_left_by_type: Array<TileCount>, 
/**
 * Empty cells next to the board that no tile still to come fits, or only one type
 * does, by row then column (empty once the game is over).
 */
hard_cells: Array<HardCellView>, 
/**
 * The scores and occupied features if the game ended now (`None` once it is over).
 */
projection: ProjectionView | null, 
/**
 * The fields, their farmers and owners, and the completed cities they supply (`None`
 * without farmers, and once the game is over).
 */
farms: FarmsView | null, 
/**
 * A purist table: no learning aid at all (the aids' facts above are left out, and the
 * screen offers no hint, bag by type or farm view).
 */
purist: boolean, pending: PendingView | null, scores: Array<ScoreLine>, 
/**
 * The turn log, oldest first.
 */
turns: Array<TurnEntry>, final_scoring: FinalScoringView | null, over: boolean, report: FinalReport | null, };

export type Settings = { 
/**
 * UI language chosen in Settings (`en`, `fr`); empty until the player chooses one, while
 * the UI follows the system's language.
 */
language: string, 
/**
 * Animation speed: 0 = off, 1 = normal, 2 = fast.
 */
animation: number, 
/**
 * Highlights, hints and score explanations for learners.
 */
learning_aids: boolean, 
/**
 * How long a bot's move stays on screen before the next one, in milliseconds.
 */
bot_delay_ms: number, 
/**
 * The last new-game setup, offered again next time.
 */
last_setup: NewGameRequest | null, 
/**
 * Sound volume, 0 to 100.
 */
volume: number, 
/**
 * No sound at all (the volume is kept for when sound comes back).
 */
muted: boolean, 
/**
 * Pass-and-play games may take back the last confirmed turn (off for tournament play).
 */
allow_undo: boolean, 
/**
 * The board marks holes (cells no tile to come fits) and cells only one tile type fits.
 */
show_holes: boolean, 
/**
 * The scoreboard shows each seat's score if the game ended now.
 */
show_projection: boolean, 
/**
 * Thicker outlines and darker text and borders, for low vision.
 */
high_contrast: boolean, 
/**
 * Text size in percent of the normal size, 100 to 150.
 */
text_size: number, 
/**
 * Purist play: every learning aid off at once, whatever the switches above say (the bag
 * by type, holes, projections, the farm view, hints).
 */
purist: boolean, };

export type HintPlacement = { at: Pos, rotation: number, };

export type Hint = { 
/**
 * The turn's decisions in order: the placement, then the follower decision after it (a
 * follower or none); one action when the pending decision is not a placement.
 */
actions: Array<Action>, 
/**
 * Where the tile goes (none when the pending decision is not a placement).
 */
placement: HintPlacement | null, 
/**
 * The decision after the placement (or the pending one) as the board offers it: which
 * follower on which feature of which tile, or none.
 */
choice: ChoiceOption | null, 
/**
 * Why, as facts (most telling first), read from the engine after playing the move.
 */
reasons: Array<Reason>, 
/**
 * The bot's estimated margin over the best rival at the end, in points.
 */
value: number, };

export type TutorialTopic = "placing" | "rotating" | "knight" | "thief" | "scoring" | "monk" | "farmer" | "end";

export type TutorialTurn = { 
/**
 * 0: the learner, 1: the scripted opponent.
 */
seat: number, 
/**
 * The tile drawn for this turn (a catalogue id).
 */
tile: string, 
/**
 * Where it goes.
 */
at: Pos, 
/**
 * The rotations accepted there: one, unless the tile looks the same turned (the first is
 * the one the opponent plays and the UI shows).
 */
rotations: Array<number>, 
/**
 * The follower decision after the placement: a `deploy` or a `pass`.
 */
follower: Action, 
/**
 * What the turn teaches (the learner's turns only).
 */
topic: TutorialTopic | null, };

export type Tutorial = { turns: Array<TutorialTurn>, game: number | null, };

export type TutorialRequest = { learner: string, opponent: string, learner_colour: string, opponent_colour: string, };

export type LanHostRequest = { 
/**
 * The table's name in other devices' "Join" lists.
 */
name: string, seats: number, sets: Array<Expansion>, options: Options, 
/**
 * A fixed port (none: any free one).
 */
port: number | null, 
/**
 * Listen on 127.0.0.1 only and do not advertise (tests).
 */
loopback_only: boolean, 
/**
 * A turn timer in seconds (none: off): a seat the table has waited on this long (its
 * turn, or its share of the draw) is announced to everyone and goes to a bot after the
 * grace period (30 s) more.
 */
turn_timer?: number, 
/**
 * Whether a player may ask to take back a turn, every other person accepting (none: yes).
 */
undo?: boolean, 
/**
 * The level of the bot that takes the seat of a player who is away or silent (none:
 * medium); the host may change it in the lobby, and sets each bot seat's own there.
 */
away_level?: LanBotLevel, 
/**
 * Serve the table over TLS (`https://`, `wss://`) with this certificate, for friends
 * joining over the internet (none: plain WebSocket on the local network).
 */
tls?: LanTls, };

export type LanTls = { cert: string, key: string, };

export type LanHostInfo = { join_url: string, 
/**
 * Keep to yourself: this page has the host's controls (seats, bots, start).
 */
admin_url: string, room: string, advertised: boolean, advert_error: string | null, 
/**
 * A QR code of `join_url`, as an SVG document.
 */
qr_svg: string, 
/**
 * Why the table could not be saved the last time it changed (a full disk): if this
 * device stops, the table is lost.
 */
save_error: string | null, 
/**
 * Over TLS: the SHA-256 of the table's certificate, which its links pin (`fp=`).
 */
fingerprint: string | null, };

export type SavedTable = { name: string, room: string, 
/**
 * The players' names, seat by seat (empty for an empty seat).
 */
players: Array<string>, 
/**
 * Whether its game had begun (else the table was in its lobby).
 */
started: boolean, 
/**
 * Actions played.
 */
moves: number, 
/**
 * Why the save cannot be taken up (damaged, or from a newer app); it can be discarded.
 */
problem: string | null, };

export type LanTable = { name: string, protocol: number, 
/**
 * Same protocol as this app: it can be joined.
 */
compatible: boolean, 
/**
 * Its page at each of its addresses.
 */
urls: Array<string>, };

export type LanConnectRequest = { address: string, room: string, };

export type LanLink = { link: number, };

export type LanSendRequest = { link: number, 
/**
 * One protocol message (`ClientMsg`) as JSON.
 */
text: string, };

export type LanPoll = { messages: Array<string>, closed: boolean, reason: LanClosed | null, };

export type LanVerdict = { ok: boolean, 
/**
 * What did not check out, as facts (the UI words them).
 */
problem: LanCheckProblem | null, 
/**
 * The draws were replayed by the engine (not only the hashes checked).
 */
replayed: boolean, 
/**
 * The game as kept in this device's history (saved once its draws checked out).
 */
game: number | null, };

export type KeptLink = { 
/**
 * The table's address as `lan_connect` takes it (`host:port`, or over TLS
 * `https://host:port/` with `?fp=` and the certificate's fingerprint if one was pinned).
 */
address: string, room: string, 
/**
 * This device's seat (none: it watched).
 */
seat: number | null, 
/**
 * The token that takes the seat back.
 */
token: string | null, 
/**
 * The name it sat under.
 */
name: string, 
/**
 * When it was last at the table (unix seconds).
 */
updated: number, };

export type LanCheckProblem = { "check": "not_over" } | { "check": "unfair", reason: FairnessError, } | { "check": "history_differs" } | { "check": "desync", desync: LanDesync, };

export type LanDesync = { "desync": "state_gap", state: number, after: number, } | { "desync": "snapshot_behind", state: number, after: number, } | { "desync": "history_rewritten", actions: number, seen: number, } | { "desync": "unannounced_undo", kept: number, seen: number, };

export type FairnessError = { "problem": "malformed", what: string, } | { "problem": "commitment_mismatch" } | { "problem": "commitment_changed" } | { "problem": "share_commitment_changed", seat: number, } | { "problem": "contributions_changed" } | { "problem": "my_contribution_missing" } | { "problem": "not_committed", seat: number, } | { "problem": "seed_mismatch", expected: number, recorded: number, } | { "problem": "replay", error: unknown, } | { "problem": "draws_differ", index: number, };

export type MyShare = { seat: number, share: string, };

export type PageCheckRequest = { 
/**
 * The host's commitment as first shown.
 */
commitment: string, 
/**
 * The share commitments as first shown, by seat.
 */
commitments: Array<string | null>, 
/**
 * The shares announced when the game began.
 */
contributions: Array<string | null>, mine: MyShare | null, 
/**
 * The tile of every placement, in order, as shown live.
 */
placed: Array<TileTypeId>, 
/**
 * The host's message with the result (`game_over`, or a `snapshot` holding one) as the
 * page received it: read here, so the seed keeps all its digits (a JavaScript number
 * does not hold a 64-bit seed).
 */
message: string, };

export type DrawCheck = { ok: boolean, problem: FairnessError | null, 
/**
 * The draw that differs (1-based), see [`differing_draw`].
 */
draw: number | null, };

export type Record = { 
/**
 * Always `carcassonne-record`.
 */
format: string, version: number, 
/**
 * A free description (what a scenario shows, who played).
 */
title?: string | null, setup: Setup, 
/**
 * The seed of the game's random generator (R-BASE-2).
 */
seed: number, actions: Array<RecordedAction>, expected?: Expected | null, };

export type RecordedAction = { seat: number, tile?: TileTypeId, } & ({ "type": "place", at: Pos, rotation: number, } | { "type": "deploy", feature: FeatureRef, follower: FollowerKind, } | { "type": "pass" } | { "type": "recall_abbot" } | { "type": "redeploy", follower: FollowerKind, } | { "type": "city_deploy", quarter: Quarter, follower: FollowerKind, } | { "type": "move_count", quarter: Quarter, } | { "type": "escape", at: Pos, feature: FeatureRef, } | { "type": "final_redeploy", follower: FollowerKind, at: Pos, feature: FeatureRef, });

export type Expected = { 
/**
 * Final score per seat.
 */
scores: Array<number>, 
/**
 * Optionally, per seat, the points by category.
 */
categories?: Array<CategoryTotals> | null, };

export type ClientMsg = { "type": "hello", version: number, room: string, name: string, join: Join, } | { "type": "act", state: number, action: Action, } | { "type": "commit", hash: string, } | { "type": "contribute", contribution: string, } | { "type": "chat", text: string, } | { "type": "emote", emote: Emote, } | { "type": "admin", token: string, command: AdminCommand, } | { "type": "sync" } | { "type": "ask_undo", state: number, } | { "type": "answer_undo", accept: boolean, } | { "type": "preview", state: number, at: Pos, rotation: number, } | { "type": "ask_seat", seat: number, };

export type Join = { "as": "player", seat?: number | null, } | { "as": "spectator" } | { "as": "resume", token: string, };

export type Emote = "thumbsup" | "laugh" | "wow" | "oops" | "good_game" | "hurry";

export type AdminCommand = { "command": "configure", sets: Array<Expansion>, options: Options, } | { "command": "set_seat_count", count: number, } | { "command": "set_seat", seat: number, kind: SeatChoice, level?: LanBotLevel, } | { "command": "set_away_level", level: LanBotLevel, } | { "command": "answer_seat", id: number, accept: boolean, } | { "command": "start" } | { "command": "give_to_bot", seat: number, } | { "command": "remove_spectator", id: number, } | { "command": "free_seat", seat: number, } | { "command": "set_purist", purist: boolean, };

export type SeatChoice = "empty" | "bot";

export type ServerMsg = { "type": "welcome", you: You, snapshot: Snapshot, } | { "type": "snapshot", snapshot: Snapshot, } | { "type": "lobby", state: number, lobby: LobbyView, } | { "type": "started", state: number, commitment: string, setup: Setup, } | { "type": "reveal_now", state: number, commitments: Array<string | null>, } | { "type": "game_begins", state: number, contributions: Array<string | null>, pending: Decision | null, 
/**
 * For the seat that must act now, and only to its own connection: the legal actions.
 */
legal?: Array<Action>, 
/**
 * The table as a screen shows it (see [`GameView`]); its `state` is this message's.
 */
view?: GameView | null, } | { "type": "applied", state: number, seat: number, action: Action, events: Array<Event>, pending: Decision | null, scores: Array<number>, legal?: Array<Action>, 
/**
 * The table after the action, as a screen shows it.
 */
view?: GameView | null, } | { "type": "game_over", state: number, result: LanGameResult, } | { "type": "presence", seat: number, connected: boolean, } | { "type": "seat_changed", state: number, seat: number, kind: LanSeatKind, reason?: LanHandOver, name?: string, } | { "type": "seat_asked", id: number, name: string, seat: number, } | { "type": "seat_ask_ended", id: number, seat: number, granted: boolean, } | { "type": "countdown", seat: number, step: LanStep, reason: LanHandOver, seconds: number, } | { "type": "removed" } | { "type": "chat", from: Speaker, text: string, } | { "type": "emote", from: Speaker, emote: Emote, } | { "type": "rejected", reason: Reject, } | { "type": "superseded" } | { "type": "undo_asked", seat: number, waiting: Array<number>, } | { "type": "undo_dropped", seat: number, by?: number, } | { "type": "undone", state: number, seat: number, kept: number, pending: Decision | null, scores: Array<number>, legal?: Array<Action>, view?: GameView | null, } | { "type": "preview", state: number, at: Pos, rotation: number, choices: Array<ChoiceOption>, };

export type You = { "role": "player", seat: number, token: string, } | { "role": "spectator" };

export type Speaker = { "kind": "seat", seat: number, name: string, } | { "kind": "spectator", name: string, };

export type LanPhase = "lobby" | "drawing" | "playing" | "over";

export type LanSeatKind = "empty" | "human" | "bot";

export type LanSeatView = { kind: LanSeatKind, name: string, 
/**
 * For a human seat: whether its player is connected now.
 */
connected: boolean, 
/**
 * For a bot's seat: its level.
 */
level?: LanBotLevel, };

export type LobbyView = { seats: Array<LanSeatView>, sets: Array<Expansion>, options: Options, 
/**
 * Whether a player may ask to take back a turn ([`ClientMsg::AskUndo`]).
 */
undo: boolean, 
/**
 * A purist table: no learning aid for anyone (the host sends no aid facts).
 */
purist: boolean, 
/**
 * The level of the bot that takes the seat of a player who is away or silent.
 */
away_level: LanBotLevel, 
/**
 * The host's turn timer, in seconds (`HostConfig::turn_timer`); none when off.
 */
turn_timer?: number, };

export type LanStep = "turn" | "commit" | "reveal";

export type LanHandOver = "away" | "timer" | "host";

export type LanSpectator = { id: number, name: string, };

export type LanCountdown = { seat: number, step: LanStep, reason: LanHandOver, 
/**
 * Left now.
 */
seconds: number, };

export type UndoAskView = { seat: number, waiting: Array<number>, };

export type LanBotLevel = "easy" | "medium" | "hard";

export type LanSeatAsk = { id: number, name: string, seat: number, };

export type UndoneView = { seat: number, kept: number, };

export type Snapshot = { protocol: number, room: string, state: number, phase: LanPhase, lobby: LobbyView, 
/**
 * From the start on: the setup played and the host's commitment.
 */
setup: Setup | null, commitment: string | null, 
/**
 * During the draw: which seats have committed, the commitments once every player has
 * (the reveal is then asked), which seats have revealed; from the game on: the
 * contributions.
 */
committed: Array<boolean>, commitments: Array<string | null> | null, contributed: Array<boolean>, contributions: Array<string | null>, 
/**
 * Every action so far, with the tile each placement drew. The seed stays secret until the
 * end: knowing it would reveal the order of the tiles still in the bag.
 */
history: Array<RecordedAction>, pending: Decision | null, scores: Array<number>, 
/**
 * Tiles still to draw.
 */
remaining: number, 
/**
 * For the receiver, when it must act now.
 */
legal: Array<Action>, result: LanGameResult | null, 
/**
 * The last chat lines.
 */
chat: Array<ChatLine>, 
/**
 * Who watches (the host's operator may remove one).
 */
spectators: Array<LanSpectator>, 
/**
 * The countdowns running (as `countdown` announced them, with the seconds left now), for
 * a client that joins or comes back during one.
 */
countdowns: Array<LanCountdown>, 
/**
 * The table as a screen shows it, once the game has begun.
 */
view?: GameView | null, 
/**
 * The undo request standing, for a client that joins or comes back during one.
 */
undo?: UndoAskView, 
/**
 * The turns taken back in this game, in order: a client that missed an
 * [`ServerMsg::Undone`] cuts the history it saw by them.
 */
undone: Array<UndoneView>, 
/**
 * Spectators' requests for a seat, standing (the host's operator answers them).
 */
seat_asks: Array<LanSeatAsk>, };

export type ChatLine = { from: Speaker, text: string, };

export type LanGameResult = { record: Record, scores: Array<number>, 
/**
 * The host's secret (64 hex digits), whose hash is the commitment published at the start.
 */
secret: string, commitment: string, contributions: Array<string | null>, };

export type Reject = { "reason": "version_mismatch", host: number, client: number, } | { "reason": "malformed", message: string, } | { "reason": "too_large", limit: number, } | { "reason": "rate_limited" } | { "reason": "hello_first" } | { "reason": "already_joined" } | { "reason": "wrong_room" } | { "reason": "too_many_guesses", retry_after: number, } | { "reason": "bad_token" } | { "reason": "not_admin" } | { "reason": "bad_name" } | { "reason": "no_seat" } | { "reason": "no_such_seat", seat: number, } | { "reason": "seat_taken", seat: number, } | { "reason": "no_such_spectator", id: number, } | { "reason": "not_away_long_enough", seat: number, seconds_left: number, } | { "reason": "wrong_phase", phase: LanPhase, } | { "reason": "seats_not_filled" } | { "reason": "seat_count", min: number, max: number, } | { "reason": "setup", error: SetupError, } | { "reason": "stale", current: number, got: number, } | { "reason": "not_a_player" } | { "reason": "not_your_turn", expected: number | null, } | { "reason": "illegal", error: PlayError, } | { "reason": "bad_contribution" } | { "reason": "already_contributed" } | { "reason": "reveal_too_early" } | { "reason": "commit_too_late" } | { "reason": "reveal_mismatch" } | { "reason": "bad_chat" } | { "reason": "too_many_spectators", limit: number, } | { "reason": "undo_off" } | { "reason": "nothing_to_undo" } | { "reason": "undo_pending" } | { "reason": "no_undo_asked" } | { "reason": "not_saved" } | { "reason": "not_a_spectator" } | { "reason": "seat_ask_pending" } | { "reason": "seat_refused", seat: number, } | { "reason": "no_such_ask", id: number, };

export const SIDES = ["N","E","S","W"] as const satisfies readonly Side[];

export const PORTS = ["N1","N","N2","E1","E","E2","S1","S","S2","W1","W","W2"] as const satisfies readonly Port[];

export const FOLLOWER_KINDS = ["meeple","big_meeple","abbot"] as const satisfies readonly FollowerKind[];

export const EMOTES = ["thumbsup","laugh","wow","oops","good_game","hurry"] as const satisfies readonly Emote[];

export const BOT_LEVELS = ["easy","medium","hard"] as const satisfies readonly LanBotLevel[];

/** The LAN protocol version a client sends in its hello. */
export const PROTOCOL_VERSION = 1;

/** The longest profile name the store accepts, in characters. */
export const MAX_NAME_CHARS = 24;

export interface Commands {
  app_info: { req: undefined; res: AppInfo };
  tiles: { req: undefined; res: Array<TileInfo> };
  profiles: { req: undefined; res: Array<ProfileCard> };
  create_profile: { req: ProfileRequest; res: Profile };
  update_profile: { req: UpdateProfileRequest; res: Profile };
  delete_profile: { req: IdRequest; res: null };
  check_setup: { req: NewGameRequest; res: SetupCheck };
  new_game: { req: NewGameRequest; res: GameView };
  unfinished_games: { req: undefined; res: Array<GameSummary> };
  open_game: { req: GameRequest; res: GameView };
  game_view: { req: GameRequest; res: GameView };
  play: { req: PlayRequest; res: PlayResult };
  preview: { req: PreviewRequest; res: PreviewView };
  bot_move: { req: GameRequest; res: PlayResult };
  hint: { req: GameRequest; res: Hint };
  undo_turn: { req: UndoRequest; res: GameView };
  history: { req: undefined; res: Array<HistoryEntry> };
  delete_game: { req: GameRequest; res: null };
  statistics: { req: IdRequest; res: ProfileStatistics };
  replay: { req: ReplayRequest; res: ReplayView };
  branch_game: { req: BranchRequest; res: GameView };
  export_record: { req: GameRequest; res: RecordFile };
  import_record: { req: ImportRequest; res: Imported };
  abandon_game: { req: GameRequest; res: null };
  store_recovery: { req: undefined; res: Recovery | null };
  dismiss_recovery: { req: undefined; res: null };
  tutorial: { req: undefined; res: Tutorial };
  tutorial_game: { req: TutorialRequest; res: GameView };
  settings: { req: undefined; res: Settings };
  save_settings: { req: Settings; res: Settings };
  lan_host: { req: LanHostRequest; res: LanHostInfo };
  lan_status: { req: undefined; res: LanHostInfo | null };
  lan_stop: { req: undefined; res: boolean };
  lan_saved_table: { req: undefined; res: SavedTable | null };
  lan_resume: { req: undefined; res: LanHostInfo };
  lan_discard_saved: { req: undefined; res: boolean };
  lan_tables: { req: undefined; res: Array<LanTable> };
  lan_connect: { req: LanConnectRequest; res: LanLink };
  lan_poll: { req: LanLink; res: LanPoll };
  lan_send: { req: LanSendRequest; res: null };
  lan_disconnect: { req: LanLink; res: boolean };
  lan_verify: { req: LanConnectRequest; res: LanVerdict };
  lan_kept_link: { req: undefined; res: Array<KeptLink> };
  lan_forget_link: { req: LanConnectRequest; res: boolean };
}
