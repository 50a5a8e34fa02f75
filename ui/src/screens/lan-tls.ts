// The hosting form's TLS part: a table served over https with the host's certificate and key
// (PEM files), for friends joining over the internet by its pinned link. In the app the
// files are picked in the platform's Open dialog; in a browser their paths are typed (the UI
// server reads them on this machine).
import { inApp, invokeApp } from '../api';
import type { LanTls } from '../bindings';
import { t } from '../i18n/index';
import { button, h } from './dom';
import { showError } from './toast';

export interface TlsFields {
  element: HTMLElement;
  /** The files to serve with: none, both, or 'partial' (one given without the other). */
  files(): LanTls | null | 'partial';
}

function pathField(label: string, testid: string): HTMLElement {
  const input = h('input', { type: 'text', testid, attrs: { 'aria-label': label, autocomplete: 'off', spellcheck: 'false' } });
  const pick = async (): Promise<void> => {
    const path = (await invokeApp('pick_pem_file', { req: { title: label, filter: t.lanTlsPemFiles } })) as string | null;
    if (path) input.value = path;
  };
  const choose = inApp() ? button(t.lanTlsChoose, { class: 'btn small', testid: `${testid}-pick`, on: { click: () => void pick().catch(showError) } }) : null;
  return h('label', { class: 'lan-tls-file' }, label, h('span', { class: 'lan-tls-path' }, input, choose));
}

export function tlsFields(): TlsFields {
  const cert = pathField(t.lanTlsCert, 'lan-tls-cert');
  const key = pathField(t.lanTlsKey, 'lan-tls-key');
  const element = h(
    'details',
    { class: 'lan-tls', testid: 'lan-tls' },
    h('summary', {}, t.lanTlsTitle),
    h('p', { class: 'muted' }, t.lanTlsHelp),
    cert,
    key,
  );
  const value = (field: HTMLElement): string => field.querySelector('input')?.value.trim() ?? '';
  return {
    element,
    files: () => {
      const [c, k] = [value(cert), value(key)];
      if (!c && !k) return null;
      return c && k ? { cert: c, key: k } : 'partial';
    },
  };
}
