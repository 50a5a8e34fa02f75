// Home's way into the tutorial: start it, or resume the one left unfinished (the API finds
// it among the saved games); and the route a tutorial game opens with, wherever it is opened.
import { call } from '../api';
import type { GameView } from '../bindings';
import { t } from '../i18n/index';
import { app } from '../state';
import { button } from '../screens/dom';
import { go, type Route } from '../screens/nav';
import { showError } from '../screens/toast';

/** The screen for `view`: the tutorial's board when it is the unfinished tutorial game. */
export async function routeFor(view: GameView): Promise<Route> {
  if (view.over) return { name: 'end', view };
  const tut = await call('tutorial').catch(() => null);
  return tut && tut.game === view.id ? { name: 'game', view, tutorial: tut.turns } : { name: 'game', view };
}

async function open(): Promise<void> {
  try {
    const tut = await call('tutorial');
    const [learner_colour = '#0072b2', opponent_colour = '#e69f00'] = app.info.colours;
    const view =
      tut.game !== null
        ? await call('open_game', { game: tut.game })
        : await call('tutorial_game', { learner: t.tutorialLearner, opponent: t.tutorialOpponent, learner_colour, opponent_colour });
    go({ name: 'game', view, tutorial: tut.turns });
  } catch (e) {
    showError(e);
  }
}

/** Home's button: "Tutorial", or "Resume the tutorial" once the API says one is unfinished. */
export function tutorialButton(): HTMLButtonElement {
  const b = button(t.tutorialStart, { class: 'btn big', testid: 'home-tutorial', on: { click: () => void open() } }, 'bulb');
  void call('tutorial')
    .then((tut) => {
      if (tut.game === null) return;
      b.querySelector('.label')!.textContent = t.tutorialResume;
      b.dataset.resume = 'true';
    })
    .catch(() => {
      // the button still starts (or finds) the tutorial when pressed
    })
    .finally(() => (b.dataset.ready = 'true'));
  return b;
}
