//! The functions the page calls. Bytes cross through two buffers this module owns: the page
//! asks for an input buffer of a size ([`web_input`]), writes into it, calls, then reads the
//! output buffer ([`web_output`], [`web_output_len`]). A status says whether the output is a
//! result (0) or an [`ApiError`](carcassonne_api::ApiError) (1), both JSON.
#![allow(unsafe_code)] // `#[no_mangle]`: the names the page imports.

use crate::WebApp;
use std::cell::RefCell;

thread_local! {
    static APP: RefCell<Option<WebApp>> = const { RefCell::new(None) };
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

const OK: u32 = 0;
const FAILED: u32 = 1;

fn answer(result: Result<Vec<u8>, carcassonne_api::ApiError>) -> u32 {
    let (status, bytes) = match result {
        Ok(bytes) => (OK, bytes),
        Err(e) => (FAILED, serde_json::to_vec(&e).unwrap_or_default()),
    };
    OUTPUT.with(|o| *o.borrow_mut() = bytes);
    status
}

/// The input: `first` bytes, then the rest (up to its length).
fn input_parts(first: usize) -> (Vec<u8>, Vec<u8>) {
    INPUT.with(|i| {
        let i = i.borrow();
        let cut = first.min(i.len());
        (i[..cut].to_vec(), i[cut..].to_vec())
    })
}

fn not_open() -> carcassonne_api::ApiError {
    carcassonne_api::ApiError::bad_request("the store is not open (web_open first)")
}

/// An input buffer of `len` bytes for the next call; its address.
#[no_mangle]
pub extern "C" fn web_input(len: usize) -> *mut u8 {
    INPUT.with(|i| {
        let mut i = i.borrow_mut();
        i.clear();
        i.resize(len, 0);
        i.as_mut_ptr()
    })
}

#[no_mangle]
pub extern "C" fn web_output() -> *const u8 {
    OUTPUT.with(|o| o.borrow().as_ptr())
}

#[no_mangle]
pub extern "C" fn web_output_len() -> usize {
    OUTPUT.with(|o| o.borrow().len())
}

/// Opens the app: the input holds the store's image (`image_len` bytes) then the saved
/// settings' JSON. Output: `null`, or the error.
#[no_mangle]
pub extern "C" fn web_open(image_len: usize) -> u32 {
    let (image, settings) = input_parts(image_len);
    let opened = WebApp::open(&image, &String::from_utf8_lossy(&settings));
    answer(opened.map(|app| {
        APP.with(|a| *a.borrow_mut() = Some(app));
        b"null".to_vec()
    }))
}

/// Runs a command: the input holds its name (`name_len` bytes) then its arguments' JSON.
#[no_mangle]
pub extern "C" fn web_call(name_len: usize) -> u32 {
    let (name, args) = input_parts(name_len);
    let name = String::from_utf8_lossy(&name);
    let args = String::from_utf8_lossy(&args);
    answer(APP.with(|a| match a.borrow_mut().as_mut() {
        Some(app) => app.call(&name, &args).map(String::into_bytes),
        None => Err(not_open()),
    }))
}

/// Rows written since the store was opened (a count the page compares after each call).
#[no_mangle]
pub extern "C" fn web_changes() -> f64 {
    APP.with(|a| {
        a.borrow_mut()
            .as_mut()
            .map_or(0.0, |app| app.changes() as f64)
    })
}

/// Output: the store's image.
#[no_mangle]
pub extern "C" fn web_image() -> u32 {
    answer(APP.with(|a| match a.borrow_mut().as_mut() {
        Some(app) => app.image(),
        None => Err(not_open()),
    }))
}

/// Random full base games, for the page's benchmark; the actions played.
#[no_mangle]
pub extern "C" fn web_random_playouts(games: u32) -> f64 {
    crate::random_playouts(games) as f64
}

// SQLite's host services (sqlite-wasm-rs asks the embedder for them by these names, as C
// functions; its status codes: 0 done, 1 unsupported, 2 unavailable).

#[link(wasm_import_module = "carcassonne")]
extern "C" {
    /// Fills `len` bytes at `buf` with the page's `crypto.getRandomValues`; 0 when done.
    fn entropy(buf: *mut u8, len: usize) -> i32;
}

const UNSUPPORTED: i32 = 1;

/// SQLite sleeps only when another connection holds a lock: a page has one connection.
#[no_mangle]
pub extern "C" fn rust_sqlite_wasm_host_sleep(_seconds: u64, _nanoseconds: u32) {}

/// # Safety
/// `buf` is writable for `len` bytes (SQLite's own buffer).
#[no_mangle]
pub unsafe extern "C" fn rust_sqlite_wasm_host_random(buf: *mut u8, len: usize) -> usize {
    // SAFETY: as the caller promises; the page writes exactly `len` bytes there.
    if unsafe { entropy(buf, len) } == 0 {
        len
    } else {
        0
    }
}

/// # Safety
/// `buf` is writable for `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn rust_sqlite_wasm_host_fill_entropy(buf: *mut u8, len: usize) -> i32 {
    // SAFETY: as the caller promises.
    unsafe { entropy(buf, len) }
}

/// # Safety
/// `out` is writable for one `i64`.
#[no_mangle]
pub unsafe extern "C" fn rust_sqlite_wasm_host_epoch_timestamp_in_ms(out: *mut i64) -> i32 {
    let ms = i64::try_from(carcassonne_clock::unix_ms()).unwrap_or(i64::MAX);
    // SAFETY: as the caller promises.
    unsafe { out.write(ms) };
    0
}

/// Local time is for SQL's `localtime` modifier, which the store never uses (it keeps Unix
/// seconds; the page shows dates in the player's time zone).
#[no_mangle]
pub extern "C" fn rust_sqlite_wasm_host_localtime(_unix_seconds: i64, _out: *mut u8) -> i32 {
    UNSUPPORTED
}
