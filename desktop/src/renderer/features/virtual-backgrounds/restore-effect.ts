import { put, race, take } from 'redux-saga/effects';
import { storedUploadedBackgroundId } from '../media/effects/effect-storage';
import { effectChosen } from '../media/effects/effects-slice';
import { effectBackgroundOf, listLoaded, thumbnailLoaded, uploadedIdOf } from './slice';

/**
 * An uploaded background kept as the camera effect from the last visit comes
 * back: its object URL died with that page, so once the live page has the
 * list loaded again (`pickerOpened`) and its image is downloaded, it is
 * chosen again. Gone from the list, failed to download, or another effect
 * chosen first: nothing is restored.
 */
export function* restoreUploadedEffectSaga(storedId: string | null = storedUploadedBackgroundId()) {
  const id = uploadedIdOf(storedId);
  if (id === null) return;
  for (;;) {
    const { listed, thumbnail, chosen } = (yield race({
      listed: take(listLoaded.type),
      thumbnail: take(thumbnailLoaded.type),
      chosen: take(effectChosen.type),
    })) as {
      listed?: ReturnType<typeof listLoaded>;
      thumbnail?: ReturnType<typeof thumbnailLoaded>;
      chosen?: ReturnType<typeof effectChosen>;
    };
    if (chosen) return;
    if (listed && !listed.payload.some((dto) => dto.id === id)) return;
    if (thumbnail?.payload.id !== id) continue;
    if (thumbnail.payload.url)
      yield put(
        effectChosen({ mode: 'background', background: effectBackgroundOf({ id, url: thumbnail.payload.url }) }),
      );
    return;
  }
}
