// Above the board: what is asked now (or who is thinking), and the pass-and-play banner that
// shows for a moment when the device changes hands.
import { t } from '../i18n/index';
import { h } from '../screens/dom';
import type { GameController } from './controller';
import { seatName } from './seats';

const BANNER_MS = 1600;

export interface Prompt {
  readonly el: HTMLElement;
  readonly banner: HTMLElement;
  render(ctrl: GameController): void;
  showBanner(text: string): void;
  dispose(): void;
}

function promptText(ctrl: GameController): string {
  const view = ctrl.view;
  const p = view.pending;
  if (view.over) return t.gameOverSoon;
  if (p?.by_bot) return t.botThinking(seatName(view, p.decision.seat));
  if (p && !ctrl.humanPending()) return t.waitingFor(seatName(view, p.decision.seat));
  return p ? t.decisionPrompt(seatName(view, p.decision.seat), p.decision) : '';
}

export function createPrompt(): Prompt {
  const el = h('div', { class: 'prompt', testid: 'prompt', attrs: { 'aria-live': 'polite' } });
  const banner = h('div', { class: 'turn-banner', testid: 'turn-banner', hidden: true, attrs: { role: 'status', 'aria-live': 'assertive' } });
  let timer = 0;
  return {
    el,
    banner,
    render(ctrl) {
      el.textContent = promptText(ctrl);
      const p = ctrl.pending;
      el.classList.toggle('thinking', !!p && !ctrl.humanPending());
    },
    showBanner(text) {
      clearTimeout(timer);
      banner.textContent = text;
      banner.hidden = false;
      banner.classList.remove('show');
      void banner.offsetWidth; // restart the CSS animation
      banner.classList.add('show');
      timer = window.setTimeout(() => {
        banner.hidden = true;
        banner.classList.remove('show');
      }, BANNER_MS);
    },
    dispose() {
      clearTimeout(timer);
    },
  };
}
