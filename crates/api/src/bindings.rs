//! The TypeScript declarations of every type that crosses IPC, in one file
//! (`ui/src/bindings.ts`), generated from the Rust types. A test fails when the committed
//! file is stale; `UPDATE_BINDINGS=1 cargo test -p carcassonne-api bindings` rewrites it.
//! Lists and numbers the UI shares with Rust (sides, ports, follower kinds, emotes, the LAN
//! protocol version) are generated here too, from Rust's own constants.

use crate::dispatch::COMMANDS;
use crate::error::ApiError;
use crate::types::*;
use carcassonne_engine::expansions::count::{CountMoves, Quarter};
use carcassonne_engine::expansions::king_robber::KingRobberScoring;
use carcassonne_engine::expansions::siege::SiegeEscape;
use carcassonne_engine::score::{CategoryTotals, ScoreTime};
use carcassonne_engine::tiles::{FeatureKind, RiverRole, Side, Terrain, TileSet};
use carcassonne_engine::{
    Action, Decision, DecisionKind, Event, Expansion, FeatureRef, FollowerKind, Options, PlayError,
    PlayerSetup, Pos, ScoreEntry, Setup, SetupError, TileTypeId,
};
use carcassonne_engine::{Expected, Record, RecordedAction};
use carcassonne_net::protocol::{
    self as net, AdminCommand, ChatLine, ClientMsg, Emote, Join, LobbyView, Reject, SeatChoice,
    ServerMsg, Snapshot, Speaker, You,
};
use carcassonne_store::{
    Entity, GameStatus, JsonField, NameProblem, Player, Recovery, SeatEntry, StoreError,
};
use serde::Serialize;
use ts_rs::{Config, TS};

fn decl<T: TS>(cfg: &Config, out: &mut String) {
    out.push_str("export ");
    out.push_str(&T::decl(cfg));
    out.push_str("\n\n");
}

/// `export const NAME = [...] as const satisfies readonly T[];`: the values as serde writes
/// them, checked against their generated type by the UI's type check.
fn list<T: TS + Serialize>(cfg: &Config, name: &str, items: &[T], out: &mut String) {
    let json = serde_json::to_string(items).unwrap_or_default();
    let ty = T::name(cfg);
    out.push_str(&format!(
        "export const {name} = {json} as const satisfies readonly {ty}[];\n\n"
    ));
}

/// Constants the UI shares with Rust.
fn constants(cfg: &Config, o: &mut String) {
    list(cfg, "SIDES", &Side::ALL, o);
    list(cfg, "PORTS", &Port::ALL, o);
    list(cfg, "FOLLOWER_KINDS", &FollowerKind::ALL, o);
    list(cfg, "EMOTES", &Emote::ALL, o);
    list(cfg, "BOT_LEVELS", &net::BotLevel::ALL, o);
    o.push_str(&format!(
        "/** The LAN protocol version a client sends in its hello. */\nexport const PROTOCOL_VERSION = {};\n\n",
        net::PROTOCOL_VERSION
    ));
    o.push_str(&format!(
        "/** The longest profile name the store accepts, in characters. */\nexport const MAX_NAME_CHARS = {};\n\n",
        carcassonne_store::MAX_NAME_CHARS
    ));
}

/// The whole bindings file.
pub fn typescript() -> String {
    let cfg = Config::new().with_large_int("number");
    let mut s = String::from(
        "// Generated from the Rust types by crates/api (bindings.rs). Do not edit:\n\
         // `UPDATE_BINDINGS=1 cargo test -p carcassonne-api bindings` regenerates it.\n\n",
    );
    let o = &mut s;
    // Engine
    decl::<Pos>(&cfg, o);
    decl::<FeatureRef>(&cfg, o);
    decl::<TileTypeId>(&cfg, o);
    decl::<Action>(&cfg, o);
    decl::<FollowerKind>(&cfg, o);
    decl::<Decision>(&cfg, o);
    decl::<DecisionKind>(&cfg, o);
    decl::<Event>(&cfg, o);
    decl::<PlayError>(&cfg, o);
    decl::<Side>(&cfg, o);
    decl::<Quarter>(&cfg, o);
    decl::<CountMoves>(&cfg, o);
    decl::<KingRobberScoring>(&cfg, o);
    decl::<SiegeEscape>(&cfg, o);
    decl::<ScoreEntry>(&cfg, o);
    decl::<ScoreTime>(&cfg, o);
    decl::<FeatureKind>(&cfg, o);
    decl::<CategoryTotals>(&cfg, o);
    decl::<Expansion>(&cfg, o);
    decl::<Options>(&cfg, o);
    decl::<PlayerSetup>(&cfg, o);
    decl::<Setup>(&cfg, o);
    decl::<SetupError>(&cfg, o);
    // Store
    decl::<Profile>(&cfg, o);
    decl::<ProfileStats>(&cfg, o);
    decl::<GameSummary>(&cfg, o);
    decl::<GameStatus>(&cfg, o);
    decl::<SeatEntry>(&cfg, o);
    decl::<Player>(&cfg, o);
    decl::<StoreError>(&cfg, o);
    decl::<Recovery>(&cfg, o);
    decl::<NameProblem>(&cfg, o);
    decl::<JsonField>(&cfg, o);
    decl::<Entity>(&cfg, o);
    decl::<serde_json::Value>(&cfg, o);
    // API
    decl::<ApiError>(&cfg, o);
    decl::<crate::error::Missing>(&cfg, o);
    decl::<crate::error::SetupProblem>(&cfg, o);
    decl::<crate::error::LanProblem>(&cfg, o);
    decl::<crate::error::AccessRefusal>(&cfg, o);
    decl::<crate::error::SettingsProblem>(&cfg, o);
    decl::<crate::types::LanClosed>(&cfg, o);
    decl::<AppInfo>(&cfg, o);
    decl::<ExpansionInfo>(&cfg, o);
    decl::<OptionInfo>(&cfg, o);
    decl::<OptionValue>(&cfg, o);
    decl::<BotInfo>(&cfg, o);
    decl::<TileInfo>(&cfg, o);
    decl::<TileSet>(&cfg, o);
    decl::<RiverRole>(&cfg, o);
    decl::<TileEdges>(&cfg, o);
    decl::<Terrain>(&cfg, o);
    decl::<BoardPosition>(&cfg, o);
    decl::<TileFeatureInfo>(&cfg, o);
    decl::<Port>(&cfg, o);
    decl::<ProfileRequest>(&cfg, o);
    decl::<UpdateProfileRequest>(&cfg, o);
    decl::<IdRequest>(&cfg, o);
    decl::<ProfileCard>(&cfg, o);
    decl::<SeatRequest>(&cfg, o);
    decl::<SeatOrder>(&cfg, o);
    decl::<NewGameRequest>(&cfg, o);
    decl::<SetupCheck>(&cfg, o);
    decl::<PlayRequest>(&cfg, o);
    decl::<GameRequest>(&cfg, o);
    decl::<UndoRequest>(&cfg, o);
    decl::<HistoryEntry>(&cfg, o);
    decl::<crate::stats::ProfileStatistics>(&cfg, o);
    decl::<crate::stats::WinRecord>(&cfg, o);
    decl::<crate::stats::PlayersRecord>(&cfg, o);
    decl::<crate::stats::SetRecord>(&cfg, o);
    decl::<crate::stats::CategoryAverages>(&cfg, o);
    decl::<crate::stats::GameScore>(&cfg, o);
    decl::<crate::stats::Opponent>(&cfg, o);
    decl::<crate::stats::HeadToHead>(&cfg, o);
    decl::<ReplayRequest>(&cfg, o);
    decl::<ReplayView>(&cfg, o);
    decl::<BranchRequest>(&cfg, o);
    decl::<carcassonne_store::Branch>(&cfg, o);
    decl::<RecordFile>(&cfg, o);
    decl::<ImportRequest>(&cfg, o);
    decl::<Imported>(&cfg, o);
    decl::<carcassonne_engine::RecordError>(&cfg, o);
    decl::<crate::error::FileProblem>(&cfg, o);
    decl::<carcassonne_store::ListedSeat>(&cfg, o);
    decl::<PlayResult>(&cfg, o);
    decl::<PreviewRequest>(&cfg, o);
    decl::<PreviewView>(&cfg, o);
    decl::<SeatView>(&cfg, o);
    decl::<Supply>(&cfg, o);
    decl::<PlacedView>(&cfg, o);
    decl::<FollowerView>(&cfg, o);
    decl::<CityFollowerView>(&cfg, o);
    decl::<CityView>(&cfg, o);
    decl::<CardHolder>(&cfg, o);
    decl::<PlacementOption>(&cfg, o);
    decl::<Declined>(&cfg, o);
    decl::<ChoiceLabel>(&cfg, o);
    decl::<ChoiceOption>(&cfg, o);
    decl::<PendingView>(&cfg, o);
    decl::<Standing>(&cfg, o);
    decl::<FinalReport>(&cfg, o);
    decl::<Bonus>(&cfg, o);
    decl::<ScoreLine>(&cfg, o);
    decl::<carcassonne_table::TurnEntry>(&cfg, o);
    decl::<carcassonne_table::Reason>(&cfg, o);
    decl::<carcassonne_table::TileCount>(&cfg, o);
    decl::<carcassonne_table::CellFitKind>(&cfg, o);
    decl::<carcassonne_table::HardCellView>(&cfg, o);
    decl::<carcassonne_table::PointsView>(&cfg, o);
    decl::<carcassonne_table::FeatureProjectionView>(&cfg, o);
    decl::<carcassonne_table::ProjectionView>(&cfg, o);
    decl::<carcassonne_table::SegmentView>(&cfg, o);
    decl::<carcassonne_table::FieldView>(&cfg, o);
    decl::<carcassonne_table::FarmCityView>(&cfg, o);
    decl::<carcassonne_table::FarmsView>(&cfg, o);
    decl::<carcassonne_table::TurnEvent>(&cfg, o);
    decl::<carcassonne_table::FinalScoringView>(&cfg, o);
    decl::<carcassonne_engine::BoardFollower>(&cfg, o);
    decl::<GameView>(&cfg, o);
    decl::<Settings>(&cfg, o);
    decl::<HintPlacement>(&cfg, o);
    decl::<Hint>(&cfg, o);
    decl::<crate::tutorial::TutorialTopic>(&cfg, o);
    decl::<crate::tutorial::TutorialTurn>(&cfg, o);
    decl::<crate::tutorial::Tutorial>(&cfg, o);
    decl::<crate::tutorial::TutorialRequest>(&cfg, o);
    decl::<LanHostRequest>(&cfg, o);
    decl::<LanTls>(&cfg, o);
    decl::<LanHostInfo>(&cfg, o);
    decl::<SavedTable>(&cfg, o);
    decl::<LanTable>(&cfg, o);
    decl::<LanConnectRequest>(&cfg, o);
    decl::<LanLink>(&cfg, o);
    decl::<LanSendRequest>(&cfg, o);
    decl::<LanPoll>(&cfg, o);
    decl::<LanVerdict>(&cfg, o);
    decl::<KeptLink>(&cfg, o);
    decl::<carcassonne_net::view::VerifyError>(&cfg, o);
    decl::<carcassonne_net::view::Desync>(&cfg, o);
    decl::<carcassonne_net::fair::FairnessError>(&cfg, o);
    // The web app's check of a table's draws by replay (crates/web's `check_draws`).
    decl::<carcassonne_net::fair::MyShare>(&cfg, o);
    decl::<carcassonne_net::fair::PageCheckRequest>(&cfg, o);
    decl::<carcassonne_net::fair::DrawCheck>(&cfg, o);
    // LAN protocol (crates/net, PROTOCOL.md): the messages a phone or the app exchanges
    // with a host over WebSocket.
    decl::<Record>(&cfg, o);
    decl::<RecordedAction>(&cfg, o);
    decl::<Expected>(&cfg, o);
    decl::<ClientMsg>(&cfg, o);
    decl::<Join>(&cfg, o);
    decl::<Emote>(&cfg, o);
    decl::<AdminCommand>(&cfg, o);
    decl::<SeatChoice>(&cfg, o);
    decl::<ServerMsg>(&cfg, o);
    decl::<You>(&cfg, o);
    decl::<Speaker>(&cfg, o);
    decl::<net::Phase>(&cfg, o);
    decl::<net::SeatKind>(&cfg, o);
    decl::<net::SeatView>(&cfg, o);
    decl::<LobbyView>(&cfg, o);
    decl::<net::Step>(&cfg, o);
    decl::<net::HandOver>(&cfg, o);
    decl::<net::SpectatorView>(&cfg, o);
    decl::<net::CountdownView>(&cfg, o);
    decl::<net::UndoAskView>(&cfg, o);
    decl::<net::BotLevel>(&cfg, o);
    decl::<net::SeatAskView>(&cfg, o);
    decl::<net::UndoneView>(&cfg, o);
    decl::<Snapshot>(&cfg, o);
    decl::<ChatLine>(&cfg, o);
    decl::<net::GameResult>(&cfg, o);
    decl::<Reject>(&cfg, o);
    constants(&cfg, o);
    // Commands: name -> request and response, for the typed client.
    o.push_str("export interface Commands {\n");
    for (name, req, res) in COMMANDS {
        let req = req.unwrap_or("undefined");
        o.push_str(&format!("  {name}: {{ req: {req}; res: {res} }};\n"));
    }
    o.push_str("}\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use carcassonne_engine::tiles::Slot;

    fn names<T: Serialize>(items: &[T]) -> Vec<String> {
        items
            .iter()
            .map(|x| {
                serde_json::to_value(x)
                    .unwrap()
                    .to_string()
                    .replace('"', "")
            })
            .collect()
    }

    #[test]
    fn ports_are_the_engine_slots_by_name() {
        let slots: Vec<String> = (0..12).map(|i| Slot(i).name().to_owned()).collect();
        assert_eq!(names(&Port::ALL), slots);
    }

    #[test]
    fn emote_list_holds_every_emote_once() {
        // exhaustive: a new emote does not compile here until it has its place in Emote::ALL
        let place = |e: Emote| match e {
            Emote::Thumbsup => 0,
            Emote::Laugh => 1,
            Emote::Wow => 2,
            Emote::Oops => 3,
            Emote::GoodGame => 4,
            Emote::Hurry => 5,
        };
        for (i, e) in Emote::ALL.into_iter().enumerate() {
            assert_eq!(place(e), i, "{e:?}");
        }
    }

    #[test]
    fn constants_are_generated() {
        let ts = typescript();
        assert!(ts.contains(
            "export const SIDES = [\"N\",\"E\",\"S\",\"W\"] as const satisfies readonly Side[];"
        ));
        assert!(ts.contains(&format!(
            "export const PROTOCOL_VERSION = {};",
            net::PROTOCOL_VERSION
        )));
        assert!(ts.contains(&format!(
            "export const MAX_NAME_CHARS = {};",
            carcassonne_store::MAX_NAME_CHARS
        )));
    }
}
