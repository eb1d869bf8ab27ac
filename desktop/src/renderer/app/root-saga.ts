import { all, call } from 'redux-saga/effects';
import type { ApiClient, TokenStore } from '@tsudoi/ui/api';
import { authFlowsSaga, authSaga, loadSocialProviders } from '../features/auth';
import { attendanceSaga } from '../features/attendance';
import { fileShareSaga } from '../features/file-share';
import { appointmentsSaga } from '../features/appointments';
import { visitsSaga } from '../features/appointments/visits';
import { hostGuideSaga } from '../features/floors/tutorial/host-guide';
import { participantsSaga } from '../features/participants';
import { activitiesSaga } from '../features/activities';
import { historySaga } from '../features/history';
import { chatSaga, type ChatSagaDeps } from '../features/chat';
import { companySaga } from '../features/company';
import { floorsSaga, liveFloorSaga } from '../features/floors';
import { guestSaga } from '../features/floors/guest';
import { i18nSaga } from '@tsudoi/ui/i18n';
import { invitationsSaga } from '../features/invitations';
import { mediaSaga } from '../features/media';
import { cameraEffectSaga } from '../features/media/effects';
import { mediaRequestsSaga } from '../features/media/requests';
import { notificationsSaga } from '@tsudoi/ui/notifications';
import { currentPlatform, knockNotificationsSaga, micMirrorSaga } from '../features/desktop';
import { presenceSaga } from '../features/presence';
import { profileSaga } from '../features/profile';
import { recordingsSaga } from '../features/recordings';
import { restoreUploadedEffectSaga, virtualBackgroundsSaga } from '../features/virtual-backgrounds';
import { shellSaga } from '../features/shell';
import { stageSaga } from '../features/stage';

export interface SagaDeps {
  api: ApiClient;
  tokens: TokenStore;
  chatTransfer: ChatSagaDeps['transfer'];
}

export function* rootSaga({ api, tokens, chatTransfer }: SagaDeps) {
  yield all([
    call(i18nSaga),
    call(notificationsSaga),
    call(authSaga, { api, tokens, loginPath: '/auth/login' }),
    call(authFlowsSaga, { api }),
    call(loadSocialProviders, { api }),
    call(profileSaga, { api }),
    call(companySaga, { api }),
    call(invitationsSaga, { api }),
    call(floorsSaga, { api }),
    call(liveFloorSaga, { api }),
    call(mediaSaga),
    call(cameraEffectSaga),
    call(mediaRequestsSaga),
    call(recordingsSaga, { api }),
    call(stageSaga),
    call(chatSaga, { api, transfer: chatTransfer }),
    call(guestSaga, { api }),
    call(virtualBackgroundsSaga, { api, transfer: chatTransfer }),
    call(restoreUploadedEffectSaga),
    call(attendanceSaga, { api, transfer: chatTransfer }),
    call(fileShareSaga, { api, transfer: chatTransfer }),
    call(presenceSaga, currentPlatform()),
    call(knockNotificationsSaga, currentPlatform()),
    call(visitsSaga, { api, platform: currentPlatform() }),
    call(hostGuideSaga, { api }),
    call(micMirrorSaga, currentPlatform()),
    call(shellSaga, { api }),
    call(appointmentsSaga, { api }),
    call(participantsSaga, { api }),
    call(activitiesSaga, { api }),
    call(historySaga, { api }),
  ]);
}
