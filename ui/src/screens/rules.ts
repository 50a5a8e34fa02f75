// The Rules screen (issue 33 item 3), from Home: the rules reference of every expansion the app
// offers (rules/view.ts), opened at `at` (a rule ID or an expansion) when given.
import { t } from '../i18n/index';
import { rulesBody } from '../rules/view';
import { h, header } from './dom';
import { go } from './nav';

export function rulesScreen(root: HTMLElement, route: { at?: string }): void {
  const body = rulesBody();
  root.appendChild(h('main', { class: 'screen rules', testid: 'rules' }, header(t.rulesTitle, () => go({ name: 'home' })), body.el));
  if (route.at) body.land(route.at);
}
