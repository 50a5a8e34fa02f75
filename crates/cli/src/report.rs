//! Text and JSON reports of a game: scores, standings, the per-feature breakdown.

use carcassonne_engine::score::{categories, standings};
use carcassonne_engine::tiles::{catalogue, Terrain};
use carcassonne_engine::{Game, Record, RecordError, ScoreTime};
use serde_json::{json, Value};
use std::fmt::Write;

pub fn text(game: &Game) -> String {
    let mut out = String::new();
    let names: Vec<&str> = game
        .setup()
        .players
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    let _ = writeln!(
        out,
        "{} after {} turns, {} tiles placed, {} discarded",
        if game.is_over() {
            "Game over"
        } else {
            "Game in progress"
        },
        game.turn(),
        game.board().tiles.len(),
        game.discarded().len()
    );
    let _ = writeln!(out, "\nScoring breakdown:");
    for e in game.score_log() {
        let who: Vec<&str> = e.winners.iter().map(|&w| names[usize::from(w)]).collect();
        let when = match e.when {
            ScoreTime::Turn if e.rule == "R-CKR-13" => "challenge",
            ScoreTime::Turn => "completed",
            ScoreTime::Final => "final",
            ScoreTime::Recall => "recalled",
        };
        let size = match e.kind {
            carcassonne_engine::tiles::FeatureKind::Field => {
                format!("{} completed cities", e.count)
            }
            k if k.is_cloister_like() => format!("{} neighbours", e.count),
            _ => format!("{} tiles, {} shields", e.tiles.len(), e.shields),
        };
        let _ = writeln!(
            out,
            "  {:9} {:9} at {:9} {:28} {:>3} pts -> {}  [{}]",
            when,
            e.kind.to_string(),
            e.tiles.first().map(|p| p.to_string()).unwrap_or_default(),
            size,
            e.points,
            if who.is_empty() {
                "nobody".to_string()
            } else {
                who.join(", ")
            },
            e.rule
        );
    }
    let cats = categories(game.score_log(), game.players());
    let _ = writeln!(
        out,
        "\n{:16} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6}",
        "player", "roads", "cities", "monast", "fields", "bonus", "total"
    );
    for (i, c) in cats.iter().enumerate() {
        let _ = writeln!(
            out,
            "{:16} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6}",
            names[i],
            c.roads,
            c.cities,
            c.monasteries,
            c.fields,
            c.bonuses,
            game.scores()[i]
        );
    }
    let _ = writeln!(out);
    for (rank, seats) in standings(game.scores()) {
        let who: Vec<&str> = seats.iter().map(|&s| names[usize::from(s)]).collect();
        let _ = writeln!(
            out,
            "#{rank}: {} ({} points)",
            who.join(" and "),
            game.scores()[usize::from(seats[0])]
        );
    }
    out
}

/// The replay result as one JSON object (schema in docs/cli.md).
pub fn json(game: &Game, record: &Record) -> String {
    let names: Vec<&str> = game
        .setup()
        .players
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    let standings: Vec<Value> = standings(game.scores())
        .into_iter()
        .map(|(rank, seats)| json!({"rank": rank, "seats": seats}))
        .collect();
    let v = json!({
        "ok": true,
        "status": if game.is_over() { "finished" } else { "in_progress" },
        "players": names,
        "scores": game.scores(),
        "standings": standings,
        "categories": categories(game.score_log(), game.players()),
        "breakdown": game.score_log(),
        "actions": record.actions.len(),
        "expected_checked": record.expected.is_some(),
    });
    v.to_string()
}

pub fn json_error(e: &RecordError) -> String {
    json!({"ok": false, "error": e, "message": e.to_string()}).to_string()
}

/// A character picture of the board: one 3×3 block per tile.
pub fn board_picture(game: &Game) -> String {
    let Some((x0, y0, x1, y1)) = game.board().bounds() else {
        return String::new();
    };
    let cat = catalogue();
    let mut out = String::new();
    for y in y0..=y1 {
        let mut rows = [String::new(), String::new(), String::new()];
        for x in x0..=x1 {
            let Some(t) = game.board().tile_at(carcassonne_engine::Pos::new(x, y)) else {
                for r in &mut rows {
                    r.push_str("   ");
                }
                continue;
            };
            let tt = cat.tile(t.tile);
            let c = |s| match tt.edge(t.rotation, s) {
                Terrain::City => '#',
                Terrain::Road => '=',
                Terrain::River => '~',
                _ => '.',
            };
            use carcassonne_engine::tiles::Side;
            let centre = if tt
                .features
                .iter()
                .any(|f| f.kind == carcassonne_engine::tiles::FeatureKind::Monastery)
            {
                'M'
            } else {
                '+'
            };
            rows[0].push_str(&format!(".{}.", c(Side::N)));
            rows[1].push_str(&format!("{}{}{}", c(Side::W), centre, c(Side::E)));
            rows[2].push_str(&format!(".{}.", c(Side::S)));
        }
        for r in rows {
            out.push_str(r.trim_end());
            out.push('\n');
        }
    }
    out
}
