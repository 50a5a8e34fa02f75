//! A hosted table kept on disk, for the app (`crates/api`) and the headless host
//! (`carcassonne host --table FILE`): written after every change, so a host stopped mid-game
//! — a closed window or terminal, a crash, a power cut — loses nothing; the host takes the
//! table up again and the players' pages reconnect to their seats. Once the game is over the
//! record is written (when asked for) and the table file removed: a finished game is not
//! offered again.

use crate::host::{HostState, TableSave};
use crate::protocol::Phase;
use crate::transport::OnChange;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Writes `text` to `path` whole or not at all (a crash mid-write leaves the old file), and on
/// the disk before it returns: the host acknowledges a move only once it is saved, so a
/// power cut right after must not lose it either.
///
/// # Errors
/// The file or its temporary twin cannot be written, flushed or renamed.
pub fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let tmp = path.with_extension("tmp");
    let mut file = private_file(&tmp)?;
    file.write_all(text.as_bytes())?;
    file.sync_all()?;
    drop(file);
    std::fs::rename(&tmp, path)?;
    sync_parent(path);
    Ok(())
}

/// A new file only its owner can read: the table holds the seats' tokens and the host's
/// secrets. An old temporary file left by a crash is made private too.
fn private_file(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
        options.mode(0o600);
        let file = options.open(path)?;
        file.set_permissions(std::fs::Permissions::from_mode(0o600))?;
        Ok(file)
    }
    #[cfg(not(unix))]
    options.open(path)
}

/// Flushes the rename itself (the directory's entry) on systems that allow it; where a
/// directory cannot be opened the file's own flush is what there is.
fn sync_parent(path: &Path) {
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if let Ok(dir) = std::fs::File::open(parent) {
        let _ = dir.sync_all();
    }
}

/// The table saved at `path` (the table alone, as `carcassonne host` writes it), or `None`
/// when there is no file yet.
///
/// # Errors
/// The file cannot be read or is not a table this version can take up; the message names
/// the file and says what to do (the file is left as it is).
pub fn load(path: &Path) -> Result<Option<TableSave>, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("{}: {e}", path.display())),
    };
    TableSave::from_json(&text).map(Some).map_err(|e| {
        format!(
            "{}: {e}; move the file away to start a new table",
            path.display()
        )
    })
}

/// The text of the table file for a host: the table alone ([`load`] reads it back), or the
/// table with what the embedder needs to host it again (the app adds its request); `None`
/// when it cannot be written out (nothing is written then).
pub type Contents = Box<dyn Fn(&HostState) -> Option<String> + Send>;

/// Told the outcome of every write (or removal): `Ok` once it works again.
pub type Report = Box<dyn FnMut(Result<(), String>) + Send>;

/// The table alone, as [`load`] reads it.
pub fn table_only() -> Contents {
    Box::new(|host: &HostState| Some(host.save().to_json()))
}

/// How long a chat line may wait to be saved when nothing else changes: chat is not written
/// line by line (a flood would rewrite the file for each), but with the next change of the
/// game or after this long.
pub const CHAT_SAVED_WITHIN: Duration = Duration::from_secs(10);

/// What the host calls after every change: `contents` to `table` while the game is on (only
/// when it changed; a change of the chat alone waits up to [`CHAT_SAVED_WITHIN`]), the record
/// to `record` once it is over, then the table file goes. Every write is reported to
/// `report`; a failed write of a change of the game is also returned: the transport
/// acknowledges nothing whose write failed (it undoes the change and refuses it).
pub fn keeper(
    table: Option<PathBuf>,
    record: Option<PathBuf>,
    contents: Contents,
    report: Report,
) -> OnChange {
    keeper_paced(table, record, contents, report, CHAT_SAVED_WITHIN)
}

/// What a keeper has written.
#[derive(Default)]
struct Written {
    /// The file's contents.
    last: String,
    /// The table without its chat.
    game: String,
    /// Since when a change of the chat alone waits to be written.
    chat_waiting: Option<Instant>,
}

fn keeper_paced(
    table: Option<PathBuf>,
    record: Option<PathBuf>,
    contents: Contents,
    mut report: Report,
    chat_within: Duration,
) -> OnChange {
    let mut written = Written::default();
    let mut over = false;
    Box::new(move |host: &HostState| {
        if over {
            return Ok(());
        }
        if host.phase() == Phase::Over {
            // Also when the game ended before anything was written (bots finishing a
            // resumed table): a finished game is not offered again.
            let result = finish(host, table.as_deref(), record.as_deref());
            over = result.is_ok();
            report(result.clone());
            return result;
        }
        let Some(path) = &table else { return Ok(()) };
        let Some(json) = contents(host) else {
            return Ok(());
        };
        if json == written.last {
            written.chat_waiting = None;
            return Ok(());
        }
        let game = host.save().without_chat().to_json();
        let chat_only = game == written.game;
        if chat_only {
            let since = *written.chat_waiting.get_or_insert_with(Instant::now);
            if since.elapsed() < chat_within {
                return Ok(());
            }
        }
        let result = write_atomically(path, &json)
            .map_err(|e| format!("cannot save the table to {}: {e}", path.display()));
        if result.is_ok() {
            written = Written {
                last: json,
                game,
                chat_waiting: None,
            };
        }
        report(result.clone());
        // A chat line is never acknowledged as saved: its failed write refuses nothing.
        if chat_only {
            Ok(())
        } else {
            result
        }
    })
}

/// A [`Report`] on stderr, once per distinct error (the headless host's terminal).
pub fn report_on_stderr() -> Report {
    let mut last_error = String::new();
    Box::new(move |result| match result {
        Ok(()) => last_error.clear(),
        Err(e) if e != last_error => {
            eprintln!("{e}");
            last_error = e;
        }
        Err(_) => {}
    })
}

/// The game is over: its record first (so nothing is lost if the removal fails), then the
/// table goes.
fn finish(host: &HostState, table: Option<&Path>, record: Option<&Path>) -> Result<(), String> {
    if let (Some(path), Some(result)) = (record, host.result()) {
        write_atomically(path, &result.record.to_json())
            .map_err(|e| format!("cannot save the record to {}: {e}", path.display()))?;
    }
    if let Some(path) = table {
        match std::fs::remove_file(path) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(format!("cannot remove {}: {e}", path.display())),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::HostConfig;

    /// A scratch directory, removed when the guard drops.
    fn dir(name: &str) -> tempfile::TempDir {
        tempfile::Builder::new()
            .prefix(&format!("carcassonne-table-file-{name}-"))
            .tempdir()
            .expect("temp dir")
    }

    fn host() -> HostState {
        HostState::new(HostConfig::default(), [7; 32])
    }

    #[test]
    fn the_table_is_written_on_change_and_taken_up_again() {
        let d = dir("write");
        let path = d.path().join("table.json");
        assert!(load(&path).expect("no file is no error").is_none());
        let host = host();
        let mut keep = keeper(Some(path.clone()), None, table_only(), report_on_stderr());
        keep(&host).expect("saved");
        let saved = load(&path).expect("readable").expect("written");
        assert_eq!(saved.room(), host.room());
        assert_eq!(saved.phase(), Phase::Lobby);
        let taken_up = HostState::from_save(saved, std::time::Duration::ZERO).expect("resumes");
        assert_eq!(taken_up.room(), host.room());
        assert_eq!(taken_up.admin_token(), host.admin_token());
        assert!(
            !d.path().join("table.tmp").exists(),
            "the temporary file is renamed"
        );
    }

    #[test]
    fn a_corrupt_table_is_refused_with_its_name_and_left_alone() {
        let d = dir("corrupt");
        let path = d.path().join("table.json");
        std::fs::write(&path, "{\"format\": \"carcassonne-table\", \"vers").expect("write");
        let e = load(&path).expect_err("refused");
        assert!(
            e.contains("table.json") && e.contains("not a saved table"),
            "{e}"
        );
        assert!(e.contains("move the file away"), "{e}");
        let text = std::fs::read_to_string(&path).expect("still there");
        assert!(text.ends_with("\"vers"));
    }

    #[test]
    fn an_unwritable_table_is_reported_and_tried_again() {
        let d = dir("unwritable");
        // A directory where the file should be: every write fails until it is gone.
        let path = d.path().join("table.json");
        std::fs::create_dir_all(path.with_extension("tmp")).expect("blocker");
        let host = host();
        let mut keep = keeper(Some(path.clone()), None, table_only(), report_on_stderr());
        assert!(keep(&host).is_err(), "the failure is returned");
        assert!(!path.exists());
        std::fs::remove_dir_all(path.with_extension("tmp")).expect("unblock");
        keep(&host).expect("saved once it can be");
        assert!(
            load(&path).expect("readable").is_some(),
            "written once it can be"
        );
    }

    /// Two players' hellos and `lines` chat lines from the first; `keep` after each.
    fn chatty_table(keep: &mut OnChange, lines: usize) -> HostState {
        use crate::host::Incoming;
        use crate::protocol::{ClientMsg, Join, PROTOCOL_VERSION};
        let mut host = host();
        let now = std::time::Duration::ZERO;
        let from = std::net::Ipv4Addr::LOCALHOST.into();
        let say = |host: &mut HostState, conn, msg: ClientMsg| {
            host.handle(
                Incoming::Text {
                    conn,
                    text: msg.to_json(),
                },
                now,
            );
        };
        host.handle(Incoming::Connected { conn: 1, from }, now);
        let hello = ClientMsg::Hello {
            version: PROTOCOL_VERSION,
            room: host.room().to_owned(),
            name: "Ada".into(),
            join: Join::Player { seat: None },
        };
        say(&mut host, 1, hello);
        keep(&host).expect("saved");
        for i in 0..lines {
            let text = format!("line {i}");
            say(&mut host, 1, ClientMsg::Chat { text });
            keep(&host).expect("nothing to refuse");
        }
        host
    }

    fn counting() -> (Report, std::sync::Arc<std::sync::atomic::AtomicUsize>) {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let writes = std::sync::Arc::new(AtomicUsize::new(0));
        let count = writes.clone();
        let report: Report = Box::new(move |r: Result<(), String>| {
            if r.is_ok() {
                count.fetch_add(1, Ordering::Relaxed);
            }
        });
        (report, writes)
    }

    #[test]
    fn chat_lines_are_not_written_one_by_one_but_with_the_next_change() {
        use std::sync::atomic::Ordering;
        let d = dir("chat");
        let path = d.path().join("table.json");
        let (report, writes) = counting();
        let mut keep = keeper(Some(path.clone()), None, table_only(), report);
        let mut host = chatty_table(&mut keep, 5);
        assert_eq!(
            writes.load(Ordering::Relaxed),
            1,
            "only the hello was written"
        );
        // A change of the game: written at once, with the chat so far.
        let now = std::time::Duration::ZERO;
        let from = std::net::Ipv4Addr::LOCALHOST.into();
        host.handle(crate::host::Incoming::Connected { conn: 2, from }, now);
        let hello = crate::protocol::ClientMsg::Hello {
            version: crate::protocol::PROTOCOL_VERSION,
            room: host.room().to_owned(),
            name: "Bo".into(),
            join: crate::protocol::Join::Player { seat: None },
        };
        let text = hello.to_json();
        host.handle(crate::host::Incoming::Text { conn: 2, text }, now);
        keep(&host).expect("saved");
        assert_eq!(writes.load(Ordering::Relaxed), 2);
        let saved = std::fs::read_to_string(&path).expect("written");
        assert!(
            saved.contains("line 4"),
            "the chat goes with the next change"
        );
    }

    #[test]
    fn a_chat_line_alone_is_written_after_a_while() {
        use std::sync::atomic::Ordering;
        let d = dir("chat-later");
        let path = d.path().join("table.json");
        let (report, writes) = counting();
        // No wait at all: the chat's own write, which `keeper` makes after CHAT_SAVED_WITHIN.
        let mut keep = keeper_paced(
            Some(path.clone()),
            None,
            table_only(),
            report,
            Duration::ZERO,
        );
        chatty_table(&mut keep, 1);
        assert_eq!(writes.load(Ordering::Relaxed), 2);
        let saved = std::fs::read_to_string(&path).expect("written");
        assert!(saved.contains("line 0"));
    }

    #[cfg(unix)]
    #[test]
    fn the_table_file_is_private_to_its_owner() {
        use std::os::unix::fs::PermissionsExt;
        let d = dir("mode");
        let path = d.path().join("table.json");
        // A temporary file left readable by an older version is made private as well.
        std::fs::write(path.with_extension("tmp"), "old").expect("write");
        std::fs::set_permissions(
            path.with_extension("tmp"),
            std::fs::Permissions::from_mode(0o644),
        )
        .expect("chmod");
        let mut keep = keeper(Some(path.clone()), None, table_only(), report_on_stderr());
        keep(&host()).expect("saved");
        let mode = std::fs::metadata(&path)
            .expect("written")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600, "the table holds the seats' tokens");
    }
}
