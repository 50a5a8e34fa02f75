// The focus for keyboard players on every screen (issue 33, item 6): the body says when the
// keyboard is in use (class `kbd`, dropped at the next pointer press: the choices show their
// digit keys only then), and a window (`.modal-overlay`) takes the focus when it opens, keeps
// Tab inside it, and gives the focus back where it was when it closes.

const FOCUSABLE = 'button:not(:disabled), [href], input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

function focusables(root: Element): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((e) => !e.hidden && e.getClientRects().length > 0);
}

/** The top window open now, if any. */
function topModal(): HTMLElement | null {
  const all = document.querySelectorAll<HTMLElement>('.modal-overlay');
  return all[all.length - 1] ?? null;
}

/** Installs the keyboard mode and the windows' focus, once for the app. */
export function installKeyboardFocus(): void {
  const back = new Map<Element, Element | null>();
  document.addEventListener(
    'keydown',
    (ev) => {
      if (!ev.ctrlKey && !ev.metaKey && !ev.altKey) document.body.classList.add('kbd');
      const modal = topModal();
      if (ev.key !== 'Tab' || !modal) return;
      // Tab and Shift+Tab go round the window's own buttons
      const list = focusables(modal);
      if (!list.length) return;
      const i = list.indexOf(document.activeElement as HTMLElement);
      const next = ev.shiftKey ? (i <= 0 ? list[list.length - 1] : list[i - 1]) : i < 0 || i === list.length - 1 ? list[0] : list[i + 1];
      ev.preventDefault();
      next?.focus();
    },
    true,
  );
  document.addEventListener('pointerdown', () => document.body.classList.remove('kbd'), true);
  new MutationObserver((records) => {
    for (const r of records) {
      for (const n of r.addedNodes)
        if (n instanceof HTMLElement && n.classList.contains('modal-overlay')) {
          back.set(n, document.activeElement);
          if (!n.contains(document.activeElement)) focusables(n)[0]?.focus();
        }
      for (const n of r.removedNodes) {
        if (!back.has(n as Element)) continue;
        const was = back.get(n as Element);
        back.delete(n as Element);
        if (was instanceof HTMLElement || was instanceof SVGElement) if (was.isConnected && !topModal()) was.focus({ preventScroll: true });
      }
    }
  }).observe(document.body, { childList: true });
}
