import { createAction } from '@reduxjs/toolkit';
import { call, put, takeLeading } from 'redux-saga/effects';
import { userSchema } from '@tsudoi/common';
import { z } from 'zod';
import type { ApiClient } from '@tsudoi/ui/api';
import { userUpdated } from '../../auth';

/** The in-floor tutorial was skipped or finished: the spec's skipHostGuide is set on the server. */
export const hostGuideSeen = createAction('hostGuide/seen');

const answerSchema = z.object({ data: userSchema });

function* save(api: ApiClient) {
  try {
    const answer = answerSchema.parse(
      yield call([api, api.request], 'PUT', '/users/me/host-guide', { skipHostGuide: true }),
    );
    yield put(userUpdated(answer.data));
  } catch {
    // not saved (offline, signed out): it may open once more on the next floor, nothing else is lost
  }
}

export function* hostGuideSaga({ api }: { api: ApiClient }) {
  yield takeLeading(hostGuideSeen.type, save, api);
}
