// The board's overlays (the prompt, the turn banner, the corner buttons) step aside from legal
// cells: one that covers a cell where the tile may go turns faint and lets taps through to the
// cell, until the board moves or the turn changes. Checked once per frame at most.

export interface OverlayYielder {
  /** Looks again (after the board moved or the legal cells changed). */
  check(): void;
  dispose(): void;
}

const overlaps = (a: DOMRect, b: DOMRect): boolean => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** `overlays` lists the elements that may step aside; `spots` gives the legal cells now shown. */
export function yieldOverlays(overlays: () => HTMLElement[], spots: () => Element[]): OverlayYielder {
  let frame = 0;
  const run = (): void => {
    frame = 0;
    const cells = spots().map((s) => s.getBoundingClientRect());
    for (const o of overlays()) {
      const r = o.getBoundingClientRect();
      const covers = r.width > 0 && cells.some((c) => overlaps(r, c));
      if (covers) o.dataset.yield = 'true';
      else delete o.dataset.yield;
    }
  };
  return {
    check() {
      if (!frame) frame = requestAnimationFrame(run);
    },
    dispose() {
      cancelAnimationFrame(frame);
    },
  };
}
