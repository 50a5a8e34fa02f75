//! `carcassonne`: the headless front end of the engine.

/// Prints a line to stdout; when the reader has gone (`carcassonne … | head`), the program
/// ends quietly instead of panicking on the closed pipe.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}

mod arena;
mod bench;
mod report;

use carcassonne_engine::playout::{random_action, Scratch};
use carcassonne_engine::{Expansion, Game, Options, Record, Rng, Setup};
use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "carcassonne",
    version,
    about = "Carcassonne rules engine, headless"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Random bots play one game in the terminal; prints the board and the score breakdown.
    Play {
        #[arg(long, default_value_t = 2)]
        players: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Toggles, comma separated (`base,river1,...` or `all`).
        #[arg(long, default_value = "base")]
        sets: String,
    },
    /// Replays a game record; prints final scores and the breakdown.
    Replay {
        file: PathBuf,
        /// One JSON object instead of text (schema in docs/cli.md).
        #[arg(long)]
        json: bool,
        /// Also draw the final board in text.
        #[arg(long)]
        board: bool,
    },
    /// Random bots play many games.
    Selfplay {
        #[arg(long, default_value_t = 100)]
        games: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value_t = 2)]
        players: usize,
        #[arg(long, default_value = "base")]
        sets: String,
        /// Write each game's record into this folder.
        #[arg(long)]
        save: Option<PathBuf>,
    },
    /// Bots play each other with seats rotated: wins (95% interval), scores, time per move.
    Arena {
        /// Two or more bots, comma separated: random, greedy, expecti, mcts, mcts:N, easy, medium, hard.
        #[arg(long)]
        bots: String,
        #[arg(long, default_value_t = 20)]
        games: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value = "base")]
        sets: String,
        /// One JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Games played at once (default: one per core).
        #[arg(long)]
        threads: Option<usize>,
        /// Search iterations per decision for every search bot (overrides its level).
        #[arg(long)]
        iterations: Option<u32>,
        /// Caps every search bot's thinking time per decision, in milliseconds (its level's
        /// iterations, or `--iterations`, still apply: it stops at the first limit).
        #[arg(long)]
        time_ms: Option<u64>,
    },
    /// Runs a LAN host without the GUI: prints the join address and room code; Ctrl-C stops it.
    Host {
        #[arg(long, default_value_t = 7878)]
        port: u16,
        /// The address to listen on: every interface by default (the table is advertised
        /// on the LAN); `127.0.0.1` keeps it to this machine, unadvertised.
        #[arg(long, default_value = "0.0.0.0")]
        bind: std::net::IpAddr,
        /// Toggles and options, comma separated (`base,river1,...`, `all`, `count_moves=follow`).
        #[arg(long, default_value = "base")]
        sets: String,
        #[arg(long, default_value_t = 2)]
        seats: usize,
        /// Give a seat to a bot when its player has been away this many seconds.
        #[arg(long)]
        bot_after: Option<u64>,
        /// A turn timer: a seat the table has waited on this many seconds (its turn, or its
        /// share of the draw), connected or not, is announced to everyone and goes to a bot
        /// when the grace period (`--grace`) more passes. Off by default.
        #[arg(long)]
        turn_timer: Option<u64>,
        /// The grace period in seconds: the countdown before a silent seat goes to a bot, and
        /// how long a player must be away before the host page may give the seat away.
        #[arg(long, default_value_t = 30)]
        grace: u64,
        /// Players may not take back a turn (by default one may ask, and every other person
        /// at the table must accept).
        #[arg(long)]
        no_undo: bool,
        /// Bots in the last seats, at these levels, comma separated: `--bots hard,easy`.
        #[arg(long, value_delimiter = ',')]
        bots: Vec<carcassonne_net::protocol::BotLevel>,
        /// The level of the bot that takes a seat whose player is away or silent: easy,
        /// medium, hard.
        #[arg(long, default_value = "medium")]
        away_level: carcassonne_net::protocol::BotLevel,
        /// A spectator's request for a free seat or a bot's seat: `refuse` (nobody watches
        /// this host), `ask` (the host page answers), `accept`.
        #[arg(long, default_value = "refuse", value_parser = parse_reseat)]
        reseat: carcassonne_net::protocol::ReseatPolicy,
        /// Write the game record here when the game ends (or when the host stops).
        #[arg(long)]
        save: Option<PathBuf>,
        /// Keep the table in this file after every change, and take it up again from there
        /// when it exists (a host stopped mid-game, by Ctrl-C or a crash, loses nothing: run
        /// the same command again). Removed once the game is over.
        #[arg(long)]
        table: Option<PathBuf>,
        /// Serve the app's built UI from this folder instead of the plain page: `ui/dist`, or
        /// the installable offline web app (`make web`: `target/web-app`), which a phone then
        /// keeps, and from whose home screen it joins this table.
        #[arg(long)]
        ui: Option<PathBuf>,
        /// Serve HTTPS and WSS (internet hosting) with this PEM certificate (chain), the
        /// host's certificate first; needs `--tls-key`.
        #[arg(long, requires = "tls_key")]
        tls_cert: Option<PathBuf>,
        /// The PEM private key of `--tls-cert`.
        #[arg(long, requires = "tls_cert")]
        tls_key: Option<PathBuf>,
        /// A reverse proxy in front of this host (repeatable): for connections from this
        /// address only, the client's address (for the limits per address) is the last
        /// `X-Forwarded-For` entry, else `Forwarded: for=`; anyone else's are ignored.
        #[arg(long = "trusted-proxy", value_name = "ADDR")]
        trusted_proxy: Vec<std::net::IpAddr>,
    },
    /// Random full-game playouts per second (median of several runs).
    Bench {
        #[arg(long, default_value = "base")]
        sets: String,
        #[arg(long, default_value_t = 2)]
        players: usize,
        /// Playouts per run.
        #[arg(long, default_value_t = 2000)]
        games: u32,
        #[arg(long, default_value_t = 7)]
        runs: u32,
        #[arg(long)]
        json: bool,
        /// Play without a score log, as the bots' simulation copies do.
        #[arg(long)]
        no_score_log: bool,
        /// Time `legal_actions` + `apply` per decision from a mid-game position (G copies
        /// of it per run, 8 decisions each) instead of whole playouts.
        #[arg(long)]
        decisions: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Play {
            players,
            seed,
            sets,
        } => play(players, seed, &sets),
        Command::Replay { file, json, board } => replay(&file, json, board),
        Command::Selfplay {
            games,
            seed,
            players,
            sets,
            save,
        } => selfplay(games, seed, players, &sets, save.as_deref()),
        Command::Host {
            port,
            bind,
            sets,
            seats,
            bot_after,
            turn_timer,
            grace,
            no_undo,
            bots,
            away_level,
            reseat,
            save,
            table,
            ui,
            tls_cert,
            tls_key,
            trusted_proxy,
        } => host(
            Listen {
                bind,
                port,
                tls: tls_cert.zip(tls_key),
                trusted_proxies: trusted_proxy,
            },
            &sets,
            seats,
            Clocks {
                bot_after,
                turn_timer,
                grace,
                undo: !no_undo,
            },
            Seating {
                bots,
                away_level,
                reseat,
            },
            Files { save, table },
            ui,
        ),
        Command::Bench {
            sets,
            players,
            games,
            runs,
            json,
            no_score_log,
            decisions,
        } => setup_for(players, &sets).and_then(|s| {
            bench::run(
                &s,
                &bench::Options {
                    games,
                    runs,
                    json,
                    no_score_log,
                    decisions,
                },
            )
        }),
        Command::Arena {
            bots,
            games,
            seed,
            sets,
            json,
            threads,
            iterations,
            time_ms,
        } => arena::parse_bots(&bots).and_then(|bots| {
            let setup = setup_for(bots.len(), &sets)?;
            let threads = threads
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
            let budget = carcassonne_ai::Budget {
                iterations,
                time: time_ms.map(std::time::Duration::from_millis),
            };
            arena::run(&arena::Options {
                bots,
                games,
                seed,
                setup,
                json,
                threads,
                budget,
            })
        }),
    };
    match result {
        Ok(code) => code,
        Err(msg) => {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
    }
}

/// Parses `--sets`: comma-separated toggle identifiers, or `all`.
pub fn parse_sets(s: &str) -> Result<Vec<Expansion>, String> {
    if s.trim() == "all" {
        return Ok(Expansion::ALL.to_vec());
    }
    let mut out = Vec::new();
    for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let e = Expansion::from_id(part).ok_or_else(|| {
            let ids: Vec<&str> = Expansion::ALL.iter().map(|e| e.id()).collect();
            format!("unknown set `{part}`; known: {}", ids.join(", "))
        })?;
        if !out.contains(&e) {
            out.push(e);
        }
    }
    if !out.contains(&Expansion::Base) {
        out.insert(0, Expansion::Base);
    }
    Ok(out)
}

/// Builds the setup of `--sets`: toggle ids, `all`, and `option=value` pairs for the rule
/// variants (`count_moves=follow`, `final_redeploy=true`, …; see README).
fn setup_for(players: usize, sets: &str) -> Result<Setup, String> {
    let (options, toggles): (Vec<&str>, Vec<&str>) = sets
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .partition(|p| p.contains('='));
    let toggles = toggles.join(",");
    let mut setup = Setup::base(players);
    setup.sets = parse_sets(&toggles)?;
    // `all` means every set that can be played together: Cathars and Siege are two printings
    // of the same tiles (R-SIEGE-1), and River II with the city needs the 1st-edition option.
    if toggles == "all" {
        setup.sets.retain(|&e| e != Expansion::Siege);
        setup.options.river_with_city_discard = true;
    }
    setup.options = with_options(&setup.options, &options)?;
    setup.validate().map_err(|e| e.to_string())?;
    Ok(setup)
}

/// Applies `key=value` pairs to the options, through their JSON form so that the names and
/// values are exactly those of the record format.
fn with_options(base: &Options, pairs: &[&str]) -> Result<Options, String> {
    let mut v = serde_json::to_value(base).map_err(|e| e.to_string())?;
    for pair in pairs {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let value = match value {
            "true" => serde_json::Value::Bool(true),
            "false" => serde_json::Value::Bool(false),
            other => serde_json::Value::String(other.to_string()),
        };
        if let Some(map) = v.as_object_mut() {
            map.insert(key.to_string(), value);
        }
    }
    serde_json::from_value(v).map_err(|e| format!("bad option in {pairs:?}: {e}"))
}

/// Where the headless host listens, and its certificate and key files for TLS.
struct Listen {
    bind: std::net::IpAddr,
    port: u16,
    tls: Option<(PathBuf, PathBuf)>,
    /// Reverse proxies whose forwarded client addresses count (`--trusted-proxy`).
    trusted_proxies: Vec<std::net::IpAddr>,
}

/// The headless host's clocks, in seconds: the hand-over of an abandoned seat, the turn
/// timer, the grace period.
struct Clocks {
    bot_after: Option<u64>,
    turn_timer: Option<u64>,
    grace: u64,
    /// Whether a player may ask to take back a turn.
    undo: bool,
}

/// The headless host's bots and who may take a seat mid-game.
struct Seating {
    bots: Vec<carcassonne_net::protocol::BotLevel>,
    away_level: carcassonne_net::protocol::BotLevel,
    reseat: carcassonne_net::protocol::ReseatPolicy,
}

fn parse_reseat(s: &str) -> Result<carcassonne_net::protocol::ReseatPolicy, String> {
    use carcassonne_net::protocol::ReseatPolicy;
    match s {
        "ask" => Ok(ReseatPolicy::Ask),
        "refuse" => Ok(ReseatPolicy::Refuse),
        "accept" => Ok(ReseatPolicy::Accept),
        _ => Err(format!("`{s}`: one of ask, refuse, accept")),
    }
}

/// The headless host's files: the record at the end, the table all along.
struct Files {
    save: Option<PathBuf>,
    table: Option<PathBuf>,
}

/// A fingerprint as browsers show it (`AB:CD:…`), for a player to compare with theirs.
fn colon_hex(hex: &str) -> String {
    let upper = hex.to_uppercase();
    let pairs: Vec<&str> = (0..upper.len())
        .step_by(2)
        .filter_map(|i| upper.get(i..i + 2))
        .collect();
    pairs.join(":")
}

/// `carcassonne host`: a LAN host for a spare laptop (issue 7).
fn host(
    listen: Listen,
    sets: &str,
    seats: usize,
    clocks: Clocks,
    seating: Seating,
    files: Files,
    ui: Option<PathBuf>,
) -> Result<ExitCode, String> {
    let setup = setup_for(seats, sets)?;
    if seating.bots.len() > seats {
        return Err(format!(
            "--bots: {} bots for {seats} seats",
            seating.bots.len()
        ));
    }
    let tls = match &listen.tls {
        Some((cert, key)) => Some(
            carcassonne_net::tls::ServerIdentity::load(cert, key)
                .map_err(|e| format!("host: {e}"))?,
        ),
        None => None,
    };
    // Read before anything listens: a damaged table stops here, with the file untouched.
    let resume = match &files.table {
        Some(path) => carcassonne_net::table_file::load(path)?,
        None => None,
    };
    if let (Some(path), Some(saved)) = (&files.table, &resume) {
        out!(
            "Taking up the table saved in {} ({} moves played; its seats and sets)",
            path.display(),
            saved.moves()
        );
    }
    if let Some(dir) = &ui {
        if !dir.join("index.html").is_file() {
            return Err(format!(
                "{} has no index.html: build the UI first (make ui)",
                dir.display()
            ));
        }
    }
    let assets = ui.map(|dir| {
        carcassonne_net::transport::ui_assets(carcassonne_net::transport::dir_assets(dir))
    });
    let config = carcassonne_net::host::HostConfig {
        seats,
        sets: setup.sets,
        options: setup.options,
        auto_bot_after: clocks.bot_after.map(std::time::Duration::from_secs),
        turn_timer: clocks.turn_timer.map(std::time::Duration::from_secs),
        bot_grace: std::time::Duration::from_secs(clocks.grace),
        undo: clocks.undo,
        bots: seating.bots,
        away_level: seating.away_level,
        reseat: seating.reseat,
        limits: carcassonne_net::host::Limits {
            trusted_proxies: listen.trusted_proxies.clone(),
            ..Default::default()
        },
        ..Default::default()
    };
    let advertise = listen.bind.is_unspecified();
    let on_change = (files.table.is_some() || files.save.is_some()).then(|| {
        use carcassonne_net::table_file::{keeper, report_on_stderr, table_only};
        keeper(
            files.table.clone(),
            files.save.clone(),
            table_only(),
            report_on_stderr(),
        )
    });
    let options = carcassonne_net::headless::Headless {
        bind: listen.bind,
        port: listen.port,
        config,
        name: "Carcassonne".into(),
        // Only a table others can reach is announced to them.
        advertise,
        assets,
        resume,
        on_change,
        tls,
    };
    let host = carcassonne_net::headless::run_host(options, |ready| {
        out!("Room code: {}", ready.room);
        out!("Join at:   {}", ready.join_url);
        if let Some(fp) = &ready.fingerprint {
            out!("Certificate SHA-256: {}", colon_hex(fp));
        }
        out!(
            "Host page: {}  (seats, bots, start; keep it to yourself)",
            ready.admin_url
        );
        if let (true, Err(e)) = (advertise, &ready.advertised) {
            eprintln!("not advertised on the network: {e}");
        }
    })
    .map_err(|e| format!("host: {e}"))?;
    if let (Some(path), Some(result)) = (&files.save, host.result()) {
        std::fs::write(path, result.record.to_json())
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if let (Some(path), None) = (&files.table, host.result()) {
        if path.exists() {
            out!(
                "The table is kept in {}: run the same command to take it up again.",
                path.display()
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Plays a whole game with random moves, recording every action.
fn random_game(setup: Setup, seed: u64) -> Result<(Game, Record), String> {
    let mut game = Game::new(setup.clone(), seed).map_err(|e| e.to_string())?;
    let mut record = Record::new(setup, seed);
    // The bots' own generator is derived from the game seed but separate from the draws.
    let mut rng = Rng::new(seed ^ 0x5EED_B075);
    let mut scratch = Scratch::default();
    while let Some(action) = random_action(&game, &mut rng, &mut scratch) {
        let Some(seat) = game.pending_seat() else {
            break;
        };
        record.push(&game, seat, action);
        game.apply(seat, &action)
            .map_err(|e| format!("engine refused its own legal action: {e}"))?;
    }
    Ok((game, record))
}

fn play(players: usize, seed: u64, sets: &str) -> Result<ExitCode, String> {
    let setup = setup_for(players, sets)?;
    let (game, _) = random_game(setup, seed)?;
    out!("{}", report::board_picture(&game));
    out!("{}", report::text(&game).trim_end());
    Ok(ExitCode::SUCCESS)
}

fn replay(file: &Path, json: bool, board: bool) -> Result<ExitCode, String> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let outcome = Record::from_json(&text).and_then(|r| {
        let verified = r.verify();
        verified.map(|g| (r, g))
    });
    match outcome {
        Ok((record, game)) => {
            if json {
                out!("{}", report::json(&game, &record));
            } else {
                if board {
                    out!("{}", report::board_picture(&game));
                }
                out!("{}", report::text(&game).trim_end());
                if record.expected.is_some() {
                    out!("expected scores: match");
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            if json {
                out!("{}", report::json_error(&e));
            } else {
                eprintln!("{}: {e}", file.display());
            }
            Ok(ExitCode::FAILURE)
        }
    }
}

fn selfplay(
    games: u64,
    seed: u64,
    players: usize,
    sets: &str,
    save: Option<&Path>,
) -> Result<ExitCode, String> {
    let setup = setup_for(players, sets)?;
    if let Some(dir) = save {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let mut wins = vec![0.0f64; players];
    let mut totals = vec![0u64; players];
    for g in 0..games {
        let game_seed = seed.wrapping_add(g);
        let (game, record) = random_game(setup.clone(), game_seed)?;
        let scores = game.scores();
        let best = scores.iter().copied().max().unwrap_or(0);
        let winners = scores.iter().filter(|&&s| s == best).count() as f64;
        for (i, &s) in scores.iter().enumerate() {
            totals[i] += u64::from(s);
            if s == best {
                wins[i] += 1.0 / winners;
            }
        }
        if let Some(dir) = save {
            let path = dir.join(format!("game-{game_seed}.json"));
            std::fs::write(&path, record.to_json())
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
    }
    out!("{games} games, {players} players, sets {sets}, seeds {seed}..");
    for i in 0..players {
        out!(
            "seat {i}: wins {:.1}  average score {:.1}",
            wins[i],
            totals[i] as f64 / games.max(1) as f64
        );
    }
    Ok(ExitCode::SUCCESS)
}
