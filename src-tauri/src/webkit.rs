//! WebKitGTK settings for the app's main window: the app is one page that never navigates,
//! draws SVG (no WebGL), and needs no developer tools. Measured with `scripts/app-memory.sh`
//! against WebKitGTK 2.50 under Xvfb, they save no memory beyond the runs' spread (README,
//! Benchmarks): they are kept because the app uses none of what they turn off.

/// Applies the settings to `window`'s webview (on Linux; elsewhere nothing).
pub fn lighten<R: tauri::Runtime>(window: &tauri::WebviewWindow<R>) {
    #[cfg(target_os = "linux")]
    {
        let _ = window.with_webview(|webview| linux::lighten(&webview.inner()));
    }
    #[cfg(not(target_os = "linux"))]
    let _ = window;
}

#[cfg(target_os = "linux")]
mod linux {
    use webkit2gtk::{CacheModel, SettingsExt, WebContextExt, WebViewExt};

    pub fn lighten(view: &webkit2gtk::WebView) {
        if let Some(settings) = WebViewExt::settings(view) {
            // Nothing to keep for a return to a previous page: there is none.
            settings.set_enable_page_cache(false);
            settings.set_enable_developer_extras(false);
            settings.set_enable_webgl(false);
        }
        if let Some(context) = view.context() {
            // The smallest memory cache: every resource is a file embedded in the app.
            context.set_cache_model(CacheModel::DocumentViewer);
        }
    }
}
