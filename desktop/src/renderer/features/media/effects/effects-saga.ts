import { call, put, select, takeEvery } from 'redux-saga/effects';
import { errorMessageId, formatMessage, type ErrorCode, type Locale } from '@tsudoi/common';
import { selectLocale } from '@tsudoi/ui/i18n';
import { notify } from '@tsudoi/ui/notifications';
import { mediaLog } from '../media-log';
import { BUILTIN_BACKGROUNDS } from './backgrounds/builtin';
import { cameraEffects as defaultEffects, type CameraEffects } from './camera-effects';
import { EffectError, NO_EFFECT, type CameraEffect, type EffectMode } from './effect-types';
import { effectApplied, effectChosen } from './effects-slice';
import { STORAGE_KEY } from './effect-storage';
import type { QueueOutcome } from './latest-queue';

const MODES: readonly EffectMode[] = ['none', 'blur', 'background'];

/** The effect kept from the last visit (none when its image is gone). */
export function loadEffect(): CameraEffect {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<CameraEffect> | null;
    if (!stored || !MODES.includes(stored.mode as EffectMode)) return NO_EFFECT;
    if (stored.mode !== 'background') return { mode: stored.mode as EffectMode, background: null };
    const background = stored.background;
    if (typeof background?.id !== 'string' || typeof background.url !== 'string') return NO_EFFECT;
    // built-in images: today's URL (it changes with each build); uploaded ones were object URLs of that visit
    const builtin = BUILTIN_BACKGROUNDS.find((b) => b.id === background.id);
    if (builtin) return { mode: 'background', background: { id: builtin.id, url: builtin.url } };
    if (background.url.startsWith('blob:') || background.id.startsWith('builtin:')) return NO_EFFECT;
    return { mode: 'background', background: { id: background.id, url: background.url } };
  } catch {
    return NO_EFFECT;
  }
}

export function saveEffect(effect: CameraEffect): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(effect));
  } catch {
    // private mode: the choice lasts for this visit only
  }
}

function* apply(effects: CameraEffects, effect: CameraEffect) {
  try {
    const outcome: QueueOutcome = yield call([effects, effects.setEffect], effect);
    if (outcome === 'superseded') return; // a newer choice is on its way
    yield put(effectApplied({ effect, chosen: effect }));
    saveEffect(effect);
  } catch (error) {
    const code: ErrorCode = error instanceof EffectError ? error.code : 'SOMETHING_WENT_WRONG';
    if (!(error instanceof EffectError)) mediaLog('camera effect failed', error);
    // the effect stays as it was (and is what the next visit starts with: a broken stored image warns once)
    yield put(effectApplied({ effect: effects.current, chosen: effect }));
    saveEffect(effects.current);
    const locale: Locale = yield select(selectLocale);
    yield put(notify({ kind: 'error', message: formatMessage(locale, errorMessageId(code)) }));
  }
}

/** Camera effects: the stored choice at start, then each choice from the menu (the latest wins). */
export function* cameraEffectSaga(effects: CameraEffects = defaultEffects) {
  const stored = loadEffect();
  // a stored background that no longer loads gives the same warning as a new one
  if (stored.mode !== 'none') yield call(apply, effects, stored);
  yield takeEvery(effectChosen.type, function* (action: ReturnType<typeof effectChosen>) {
    // kept at once: a reload while the model still loads comes back with the choice (a refusal puts back the old one)
    saveEffect(action.payload);
    yield call(apply, effects, action.payload);
  });
}
