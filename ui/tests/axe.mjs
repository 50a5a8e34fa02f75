// axe-core (npm) on a page as it stands, for the screen-reader and rules-help tests: WCAG 2.1 A
// and AA (contrast included) and best practices; its serious and critical violations.
import { join } from 'node:path';
import { UI } from './harness.mjs';

const AXE = join(UI, 'node_modules', 'axe-core', 'axe.min.js');

/**
 * Runs axe-core on the page as it stands (WCAG 2.1 A and AA, contrast included, and best
 * practices) and returns its serious and critical violations, each with the elements it found.
 */
export async function axe(page, screen) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }, resultTypes: ['violations', 'incomplete'] });
    const found = r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1, 3).join(' ')}`) }));
    // text on a gradient axe cannot decide: held to AA against every colour of the gradient
    // (each stop laid on the first solid colour beneath it)
    const gradient = r.incomplete.find((v) => v.id === 'color-contrast')?.nodes.filter((n) => /gradient/.test(n.any[0]?.message ?? '')) ?? [];
    const rgba = (c) => { const m = c.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0, 0]; return { r: m[0], g: m[1], b: m[2], a: m[3] ?? 1 }; };
    const lum = ({ r, g, b }) => [r, g, b].map((v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)).reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
    const over = (c, base) => ({ r: c.r * c.a + base.r * (1 - c.a), g: c.g * c.a + base.g * (1 - c.a), b: c.b * c.a + base.b * (1 - c.a), a: 1 });
    const low = [];
    for (const n of gradient) {
      const e = document.querySelector(n.target[0]);
      if (!e) continue;
      const s = getComputedStyle(e);
      let stops = null;
      let base = { r: 255, g: 255, b: 255, a: 1 };
      for (let p = e; p; p = p.parentElement) {
        const ps = getComputedStyle(p);
        const bg = rgba(ps.backgroundColor);
        if (!stops && ps.backgroundImage.includes('gradient')) stops = [...ps.backgroundImage.matchAll(/rgba?\([^)]+\)|#[0-9a-f]{3,8}/gi)].map((m) => rgba(m[0]));
        if (stops && bg.a === 1) { base = bg; break; }
      }
      const fg = over(rgba(s.color), base);
      const worst = Math.min(...(stops ?? []).map((c) => { const [a, b] = [lum(fg), lum(over(c, base))].sort((x, y) => y - x); return (a + 0.05) / (b + 0.05); }));
      const px = parseFloat(s.fontSize);
      const need = px >= 24 || (px >= 18.66 && Number(s.fontWeight) >= 700) ? 3 : 4.5;
      if (worst < need) low.push(`${n.target.join(' ')} — ${worst.toFixed(2)} < ${need} on a gradient`);
    }
    if (low.length) found.push({ id: 'color-contrast', impact: 'serious', nodes: low });
    return found;
  });
  // contrast is held to AA whatever impact axe gives a case of it
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'color-contrast').map((v) => ({ screen, ...v, nodes: v.nodes.slice(0, 6) }));
}
