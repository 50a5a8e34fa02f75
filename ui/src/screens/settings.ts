// Settings: language, animation speed, text size, contrast, learning aids, bot delay, sound.
// Saved and applied on every change.
import { call } from '../api';
import type { Settings } from '../bindings';
import { languageCodes, setLanguage, t } from '../i18n/index';
import { soundLevel } from '../sound/level';
import { playCues } from '../sound/player';
import { app, applySettings } from '../state';
import { h, header } from './dom';
import { go } from './nav';
import { showError, toast } from './toast';

export function settingsScreen(root: HTMLElement): void {
  const s = app.settings;
  const save = async (patch: Partial<Settings>): Promise<void> => {
    try {
      const latest = await call('settings');
      app.settings = await call('save_settings', { ...latest, ...patch });
      if (patch.language) setLanguage(patch.language);
      applySettings();
      toast(t.saved, 'info', 1200);
    } catch (e) {
      showError(e);
    }
  };
  const lang = h(
    'select',
    { testid: 'setting-language', on: { change: () => void save({ language: lang.value }) } },
    ...languageCodes.map((c) => h('option', { value: c, selected: c === t.lang }, t.languageNames[c] ?? c)),
  );
  const anim = h(
    'select',
    { testid: 'setting-animation', on: { change: () => void save({ animation: Number(anim.value) }) } },
    ...[
      [0, t.animationOff],
      [1, t.animationNormal],
      [2, t.animationFast],
    ].map(([v, l]) => h('option', { value: String(v), selected: v === s.animation }, String(l))),
  );
  const textSize = h(
    'select',
    { testid: 'setting-text-size', on: { change: () => void save({ text_size: Number(textSize.value) }) } },
    ...[100, 110, 120, 130, 140, 150].map((v) => h('option', { value: String(v), selected: v === s.text_size }, t.percent(v / 100))),
  );
  const contrast = h('input', { type: 'checkbox', testid: 'setting-high-contrast', checked: s.high_contrast, on: { change: () => void save({ high_contrast: contrast.checked }) } });
  const aids = h('input', { type: 'checkbox', testid: 'setting-learning-aids', checked: s.learning_aids, on: { change: () => void save({ learning_aids: aids.checked }) } });
  const purist = h('input', { type: 'checkbox', testid: 'setting-purist', checked: s.purist === true, on: { change: () => void save({ purist: purist.checked }) } });
  const undo = h('input', { type: 'checkbox', testid: 'setting-undo', checked: s.allow_undo, on: { change: () => void save({ allow_undo: undo.checked }) } });
  const delayOut = h('output', {}, t.ms(s.bot_delay_ms));
  const delay = h('input', {
    type: 'range',
    min: '0',
    max: '3000',
    step: '100',
    value: String(s.bot_delay_ms),
    testid: 'setting-bot-delay',
    attrs: { 'aria-label': t.botDelay },
    on: {
      input: () => (delayOut.textContent = t.ms(Number(delay.value))),
      change: () => void save({ bot_delay_ms: Number(delay.value) }),
    },
  });
  const soundOn = h('input', { type: 'checkbox', testid: 'setting-sound', checked: !s.muted, on: { change: () => void save({ muted: !soundOn.checked }) } });
  const volumeOut = h('output', {}, `${s.volume}%`);
  const volume = h('input', {
    type: 'range',
    min: '0',
    max: '100',
    step: '5',
    value: String(s.volume),
    testid: 'setting-volume',
    attrs: { 'aria-label': t.volume },
    on: {
      input: () => (volumeOut.textContent = `${volume.value}%`),
      // a sample at the new level, so the slider can be set by ear
      change: () => void save({ volume: Number(volume.value) }).then(() => playCues([{ kind: 'turn' }], soundLevel())),
    },
  });
  root.appendChild(
    h(
      'main',
      { class: 'screen settings', testid: 'settings' },
      header(t.settingsTitle, () => go({ name: 'home' })),
      h(
        'div',
        { class: 'card settings-card' },
        h('label', { class: 'setting' }, h('span', {}, t.language), lang),
        h('label', { class: 'setting' }, h('span', {}, t.animation, h('small', {}, t.animationNote)), anim),
        h('label', { class: 'setting' }, h('span', {}, t.textSize), textSize),
        h('label', { class: 'setting check' }, contrast, h('span', {}, t.highContrast, h('small', {}, t.highContrastNote))),
        h('label', { class: 'setting check' }, aids, h('span', {}, t.learningAids, h('small', {}, t.learningAidsNote))),
        h('label', { class: 'setting check' }, purist, h('span', {}, t.purist, h('small', {}, t.puristNote))),
        h('label', { class: 'setting check' }, undo, h('span', {}, t.allowUndo, h('small', {}, t.allowUndoNote))),
        h('label', { class: 'setting' }, h('span', {}, t.botDelay), h('span', { class: 'range' }, delay, delayOut)),
        h('label', { class: 'setting check' }, soundOn, h('span', {}, t.soundOn, h('small', {}, t.soundOnNote))),
        h('label', { class: 'setting' }, h('span', {}, t.volume), h('span', { class: 'range' }, volume, volumeOut)),
      ),
    ),
  );
}
