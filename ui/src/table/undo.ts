// Taking back a turn at a table: the request standing (accept or decline it when your answer
// is awaited, or see whom it waits for), and a notice when a request ends.
import { t } from '../i18n/index';
import type { LanClient } from '../lan/client';
import { button, h } from '../screens/dom';
import { toast } from '../screens/toast';

export interface UndoPrompt {
  readonly el: HTMLElement;
  render(): void;
}

/** Who sits at `seat`, in the table's words. */
export function tableSeatName(c: LanClient, seat: number): string {
  return c.lobby?.seats[seat]?.name || t.seatN(seat + 1);
}

export function createUndoPrompt(client: () => LanClient | null): UndoPrompt {
  const text = h('span', { testid: 'undo-asked-text' });
  const answer = (accept: boolean): void => client()?.answerUndo(accept);
  const accept = button(t.tableUndoAccept, { class: 'btn small primary', testid: 'undo-accept', on: { click: () => answer(true) } });
  const decline = button(t.tableUndoDecline, { class: 'btn small', testid: 'undo-decline', on: { click: () => answer(false) } });
  const el = h('div', { class: 'undo-prompt', testid: 'undo-asked', hidden: true, attrs: { role: 'alert' } }, text, accept, decline);
  let told: LanClient['undoEnd'] = null;

  const tell = (c: LanClient): void => {
    const end = c.undoEnd;
    if (!end || end === told) return;
    told = end;
    // the asker hears of its own undo from the board screen (which says the same tile comes)
    if (end.done && end.seat !== c.seat) toast(t.tableUndone(tableSeatName(c, end.seat)), 'info');
    else if (!end.done) toast(end.by === null ? t.tableUndoLapsed : t.tableUndoDeclined(tableSeatName(c, end.by)), 'info');
  };

  return {
    el,
    render() {
      const c = client();
      if (!c) return;
      tell(c);
      const ask = c.undoAsk;
      el.hidden = !ask || c.phase !== 'playing';
      if (!ask) return;
      const mine = c.seat !== null && ask.waiting.includes(c.seat);
      const others = ask.waiting.filter((s) => s !== c.seat).map((s) => tableSeatName(c, s));
      text.textContent = `${t.tableUndoAsked(tableSeatName(c, ask.seat))}${others.length && !mine ? ` ${t.tableUndoWaiting(others)}` : ''}`;
      accept.hidden = decline.hidden = !mine;
    },
  };
}
