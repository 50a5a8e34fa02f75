// The tutorial on the board screen: a game source that says why a move off the script is
// refused (before anything is sent) and hints the script's move (its tile's ghost in the cell
// and its follower's spot, drawn by the board's hint mark), and the step card at the top of
// the tray: the step, one sentence, the tile as it must lie, a note (why a move was refused)
// and the way out. The step follows from the tiles placed.
import type { GameView, Hint, TutorialTurn } from '../bindings';
import { tileSvg } from '../art/index';
import { t } from '../i18n/index';
import type { GameController } from '../play/controller';
import { app } from '../state';
import { button, h } from '../screens/dom';
import { go } from '../screens/nav';
import { localSource, type GameSource } from '../screens/source';
import { cellRefusal, scriptHint, stepAt, steps, turnIndex, turnRefusal, type Refusal } from './script';

export interface Guide {
  source: GameSource;
  /** Puts the card in the tray and follows the controller; returns the clean-up. */
  mount(ctrl: GameController, tray: HTMLElement, main: HTMLElement): () => void;
}

const REFUSALS: Record<Refusal, () => string> = {
  cell: () => t.tutorialWrongCell,
  rotation: () => t.tutorialWrongRotation,
  follower: () => t.tutorialWrongFollower,
  no_follower: () => t.tutorialNoFollower,
};

interface Card {
  el: HTMLElement;
  render(v: GameView): void;
  note(text: string, refusal?: Refusal): void;
}

function createCard(turns: TutorialTurn[]): Card {
  const all = steps(turns);
  const title = h('h2', { class: 'tutorial-title', testid: 'tutorial-step' });
  const picture = h('div', { class: 'tutorial-tile', attrs: { 'aria-hidden': 'true' } });
  const sentence = h('p', { class: 'tutorial-sentence', testid: 'tutorial-sentence' });
  const note = h('p', { class: 'tutorial-note', testid: 'tutorial-note', attrs: { role: 'status', 'aria-live': 'polite' } });
  const leave = button(t.tutorialLeave, { class: 'btn subtle tutorial-leave', testid: 'tutorial-leave', attrs: { 'aria-label': t.tutorialLeaveLong, title: t.tutorialLeaveLong }, on: { click: () => go({ name: 'home' }) } }, 'home');
  const el = h(
    'section',
    { class: 'tutorial-card', testid: 'tutorial-card', attrs: { 'aria-label': t.tutorialTitle } },
    h('div', { class: 'tutorial-head' }, title, leave),
    h('div', { class: 'tutorial-body' }, picture, sentence),
    note,
  );
  let shownState = -1;
  return {
    el,
    render(v) {
      const index = turnIndex(v);
      const n = Math.min(stepAt(turns, index), all.length - 1);
      const step = all[n];
      if (!step?.topic) return;
      el.dataset.step = String(n + 1);
      el.dataset.turn = String(index);
      // the card's name gives way on a narrow screen (the card is labelled by it anyway)
      title.replaceChildren(h('span', { class: 'tutorial-name' }, `${t.tutorialTitle} · `), t.tutorialStepOf(n + 1, all.length));
      sentence.textContent = t.tutorialStep[step.topic];
      const info = app.tiles.get(step.tile);
      picture.replaceChildren(...(info ? [tileSvg(info, { size: 56, rotation: (step.rotations[0] ?? 0) as 0 | 1 | 2 | 3 })] : []));
      // a refusal stays until the table changes
      if (v.state !== shownState) {
        shownState = v.state;
        this.note('');
      }
    },
    note(text, refusal) {
      note.textContent = text;
      note.dataset.refusal = refusal ?? '';
      note.classList.toggle('refused', !!refusal);
    },
  };
}

/** The tutorial game `id` played by the script `turns`. */
export function tutorialGuide(id: number, turns: TutorialTurn[]): Guide {
  const card = createCard(turns);
  const base = localSource(id);
  const learners = (v: GameView): TutorialTurn | undefined => {
    const turn = turns[turnIndex(v)];
    return turn?.seat === 0 ? turn : undefined;
  };
  const say = (r: Refusal | null): boolean => {
    if (r) card.note(REFUSALS[r](), r);
    return r !== null;
  };
  const hint = async (): Promise<Hint> => {
    const v = await base.refresh();
    const turn = learners(v);
    const p = v.pending;
    if (!turn || !p) throw new Error('no step of the tutorial is pending');
    if (p.decision.kind !== 'place_tile') return { ...scriptHint(turn, p.choices), actions: [turn.follower], placement: null };
    return scriptHint(turn, await base.preview(v.state, turn.at, turn.rotations[0] ?? 0));
  };
  const source: GameSource = {
    ...base,
    refuseCell: (v, at) => say(cellRefusal(learners(v), at)),
    refuseTurn: (v, actions) => say(turnRefusal(learners(v), actions)),
    hint,
    // the script goes one way: a turn taken back would only be played again
    mayUndo: () => false,
  };
  return { source, mount: (ctrl, tray, main) => follow(ctrl, tray, main, card, turns) };
}

/** Draws the card from each new table, turns the hand to the step's rotation (or away from
 * it, for the step that teaches turning) and asks for the script's hint once a state. */
function follow(ctrl: GameController, tray: HTMLElement, main: HTMLElement, card: Card, turns: TutorialTurn[]): () => void {
  main.classList.add('tutorial');
  tray.prepend(card.el);
  let hinted = -1;
  ctrl.onChange((c) => {
    if (c.type !== 'view' && c.type !== 'decision') return;
    const v = ctrl.view;
    card.render(v);
    const turn = turns[turnIndex(v)];
    const hp = ctrl.humanPending();
    if (!turn || turn.seat !== 0 || !hp || hinted === v.state || ctrl.busy) return;
    hinted = v.state;
    const target = turn.rotations[0] ?? 0;
    const there = hp.placements.find((p) => p.at[0] === turn.at[0] && p.at[1] === turn.at[1])?.rotations ?? [];
    ctrl.handRotation = turn.topic === 'rotating' ? (there.find((r) => !turn.rotations.includes(r)) ?? target) : target;
    void ctrl.askHint();
  });
  return () => card.el.remove();
}
