import type { MessageId, PresentationDto } from '@tsudoi/common';
import { useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button, ConfirmDialog, useMediaQuery } from '@tsudoi/ui/controls';
import { selectLiveFloor } from '../../floors/live-slice';
import { cameraToggled, micToggled, screenToggled, selectMedia } from '../../media/media-slice';
import { CameraIcon, MicIcon, ScreenIcon } from '../../media/components/media-icons';
import { tilesOf } from '../../media/components/stage-tiles';
import { offersScreenShare, PHONE_QUERY } from '../../media/components/use-stage-view';
import { VideoTile, type TileProps } from '../../media/components/VideoTile';
import { leaveRequested, maySpeakOn, myMembership, selectStage, speakRequested, stopRequested } from '../stage-slice';
import { QaPanel } from './QaPanel';
import { ParticipantsPanel } from './ParticipantsPanel';
import { RequestsPanel } from './RequestsPanel';
import { CallPrompt } from './CallPrompt';
import { PresentationChat } from './PresentationChat';
import { LeaveDialog } from './LeaveDialog';
import { FocusPin, pinnedTile } from './FocusPin';
import { savedChatDownloadRequested, selectChat } from '../../chat';
import './stage.css';

type SideTab = 'qa' | 'people' | 'chat';

/**
 * The presentation view (spec §2): the focused contributor large (a shared
 * screen first, else the speaker talking now, else a camera that is on —
 * the host's first — else the host), the other
 * speakers in a strip, and a sidebar with the Q&A and the participants.
 * Speakers get their microphone, camera and screen; the audience watches.
 */
export function PresentationView({ presentation }: { presentation: PresentationDto }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const live = useAppSelector(selectLiveFloor);
  const media = useAppSelector(selectMedia);
  const stage = useAppSelector(selectStage);
  const phone = useMediaQuery(PHONE_QUERY);
  // spec §3 showParticipantDialogInPresentation: the host opened the participant list for everyone
  const [tab, setTab] = useState<SideTab>(presentation.showParticipants ? 'people' : 'qa');
  const [shownToAll, setShownToAll] = useState(presentation.showParticipants);
  if (shownToAll !== presentation.showParticipants) {
    setShownToAll(presentation.showParticipants);
    if (presentation.showParticipants) setTab('people');
  }
  const [leaving, setLeaving] = useState(false);
  const [ending, setEnding] = useState(false);
  const chat = useAppSelector(selectChat);
  const stageChat = chat.conversations.find((c) => c.scope === 'room' && c.typeId === presentation.roomId);
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const myId = live.me?.userId ?? 0;
  const speakerIds = useMemo(
    () => new Set(presentation.members.filter((m) => m.role === 'S').map((m) => m.userId)),
    [presentation.members],
  );
  const iSpeak = speakerIds.has(myId);
  const mine = myMembership(presentation, myId);
  const mayAsk = !iSpeak && maySpeakOn(presentation.kind, live.me);
  const conference = presentation.kind === 'conference';
  const isHost = presentation.host.id === myId || (live.me?.canManage ?? false);
  const speakers = useMemo(
    () => Object.values(live.users).filter((u) => speakerIds.has(u.userId) && u.roomId === presentation.roomId),
    [live.users, speakerIds, presentation.roomId],
  );
  const remote = tilesOf(speakers, myId, media.remote, media.speaking).map((tile) => ({
    ...tile,
    sinkId: media.selected.speaker,
  }));
  const me = live.users[myId];
  const local: TileProps[] = [];
  if (iSpeak) {
    const mine: TileProps = {
      userId: myId,
      name: me?.name ?? '',
      avatarImageUrl: me?.avatarImageUrl ?? null,
      videoTrackId: media.camera ? media.local.camera : null,
      audioTrackId: null,
      micOn: media.mic && media.local.mic !== null,
      speaking: media.mic && media.speaking.includes(myId),
      local: true,
    };
    if (media.local.screen) local.push({ ...mine, videoTrackId: media.local.screen, screen: true });
    local.push(mine);
  }
  const all = [...local, ...remote];
  // the host's pick first (spec §3 presentationFocusedContributorId), else this client's own
  const pinned = pinnedTile(presentation, all);
  const focused =
    pinned ??
    all.find((x) => x.screen) ??
    all.find((x) => x.speaking && !x.local) ??
    all.find((x) => x.userId === presentation.host.id && x.videoTrackId) ??
    all.find((x) => x.videoTrackId && !x.local) ??
    all.find((x) => x.userId === presentation.host.id) ??
    all[0];
  const strip = all.filter((x) => x !== focused);
  const focusRef = useRef<HTMLDivElement>(null);
  // spec §3 isPictureInPicture: the focused contributor's video in the browser's own floating window
  const pipAvailable = typeof document !== 'undefined' && document.pictureInPictureEnabled && !!focused?.videoTrackId;
  const pictureInPicture = () => {
    const video = focusRef.current?.querySelector('video');
    if (!video) return;
    const request =
      document.pictureInPictureElement === video ? document.exitPictureInPicture() : video.requestPictureInPicture();
    request.catch(() => undefined); // refused by the browser (no user gesture, no frames yet): nothing to undo
  };
  const key = (x: TileProps) => `${x.userId}:${x.screen ? 'screen' : 'camera'}`;
  const unread = stageChat?.unreadMessages ?? 0;
  // the sidebar's tabs: a count beside the title (the chat's only when something is unread), and the panel
  const sideTabs: { id: SideTab; label: string; count: number | null; panel: React.ReactNode }[] = [
    { id: 'qa', label: t('stage.qa.title'), count: stage.questions.length, panel: <QaPanel canHide={isHost} /> },
    {
      id: 'people',
      label: t('stage.people.title'),
      count: presentation.members.filter((m) => m.role !== 'W').length,
      panel: <ParticipantsPanel presentation={presentation} canRemove={isHost} />,
    },
    {
      id: 'chat',
      label: t('stage.chat.title'),
      count: unread > 0 ? unread : null,
      panel: <PresentationChat presentation={presentation} />,
    },
  ];

  const toggle = (label: MessageId, on: boolean, onClick: () => void, icon: React.ReactNode) => (
    <button
      type="button"
      className={`media-button${on ? '' : ' media-button--off'}`}
      aria-pressed={on}
      title={t(label)}
      onClick={onClick}
    >
      {icon}
      <span>{t(label)}</span>
    </button>
  );

  return (
    <section
      className="presentation"
      aria-label={t(conference ? 'stage.view.conferenceLabel' : 'stage.view.label')}
      data-role={iSpeak ? 'S' : 'A'}
      data-kind={presentation.kind}
    >
      <div className="presentation__main">
        <CallPrompt presentation={presentation} />
        <header className="presentation__bar">
          <span className="stage-banner__live">{t('stage.live')}</span>
          <h2 className="presentation__title">
            {t(conference ? 'stage.view.conferenceTitle' : 'stage.view.title', { name: presentation.host.name })}
          </h2>
          {pipAvailable && (
            <button type="button" className="presentation__pip" onClick={pictureInPicture}>
              {t('stage.view.pip')}
            </button>
          )}
          <span className="presentation__role">{t(iSpeak ? 'stage.role.S' : 'stage.role.A')}</span>
        </header>
        <div className="presentation__focus" ref={focusRef}>
          {focused ? (
            <>
              <VideoTile key={key(focused)} {...focused} />
              <FocusPin tile={focused} pinned={focused === pinned} isHost={isHost} />
            </>
          ) : (
            <p className="presentation__waiting">{t('stage.view.waiting')}</p>
          )}
        </div>
        {strip.length > 0 && (
          <div className="presentation__strip" aria-label={t('stage.view.speakers')}>
            {strip.map((x) => (
              <div key={key(x)} className="presentation__strip-item">
                <VideoTile {...x} />
                <FocusPin tile={x} pinned={false} isHost={isHost} />
              </div>
            ))}
          </div>
        )}
        <div className="presentation__controls" role="toolbar" aria-label={t('media.controls.label')}>
          {iSpeak && (
            <>
              {toggle(
                media.mic ? 'media.controls.micOn' : 'media.controls.micOff',
                media.mic,
                () => dispatch(micToggled()),
                <MicIcon off={!media.mic} />,
              )}
              {toggle(
                media.camera ? 'media.controls.cameraOn' : 'media.controls.cameraOff',
                media.camera,
                () => dispatch(cameraToggled()),
                <CameraIcon off={!media.camera} />,
              )}
              {offersScreenShare(phone, media.screen) &&
                toggle(
                  media.screen ? 'media.controls.stopShare' : 'media.controls.share',
                  media.screen,
                  () => dispatch(screenToggled()),
                  <ScreenIcon />,
                )}
            </>
          )}
          {mayAsk && !mine?.called && (
            <Button
              variant="secondary"
              className="presentation__ask"
              disabled={mine?.requested === 'S'}
              onClick={() => dispatch(speakRequested())}
            >
              {t(mine?.requested === 'S' ? 'stage.speak.sent' : 'stage.speak.request')}
            </Button>
          )}
          <span className="presentation__spacer" />
          {presentation.saveChat && stageChat && (
            <Button
              variant="secondary"
              onClick={() =>
                dispatch(savedChatDownloadRequested({ conversationId: stageChat.id, title: stageChat.title }))
              }
            >
              {t('stage.chat.download')}
            </Button>
          )}
          <Button
            variant="secondary"
            busy={stage.busy}
            onClick={() => {
              if (stage.busy) return;
              // save-chat on: the leave offers the chat's download first
              if (presentation.saveChat) setLeaving(true);
              else dispatch(leaveRequested());
            }}
          >
            {t('stage.view.leave')}
          </Button>
          {isHost && (
            // apart from Leave, and asked first: it ends the presentation for everyone
            <Button className="presentation__end" busy={stage.busy} onClick={() => stage.busy || setEnding(true)}>
              {t(conference ? 'stage.view.endConference' : 'stage.view.end')}
            </Button>
          )}
        </div>
      </div>
      <aside className="presentation__side">
        {isHost && <RequestsPanel presentation={presentation} />}
        <div className="presentation__tabs" role="tablist">
          {sideTabs.map(({ id, label, count }) => (
            <button
              key={id}
              type="button"
              role="tab"
              aria-selected={tab === id}
              className="presentation__tab"
              onClick={() => setTab(id)}
            >
              {label}
              {count !== null && <span className="presentation__tab-count">{count}</span>}
            </button>
          ))}
        </div>
        {sideTabs.find((side) => side.id === tab)?.panel}
      </aside>
      <ConfirmDialog
        open={ending}
        title={t(conference ? 'stage.end.conferenceTitle' : 'stage.end.title')}
        confirmLabel={t('stage.end.confirm')}
        cancelLabel={t('common.cancel')}
        danger
        busy={stage.busy}
        onCancel={() => setEnding(false)}
        onConfirm={() => {
          setEnding(false);
          dispatch(stopRequested());
        }}
      >
        {t('stage.end.text')}
      </ConfirmDialog>
      <LeaveDialog
        open={leaving}
        kind={presentation.kind}
        onStay={() => setLeaving(false)}
        onLeave={(download) => {
          setLeaving(false);
          dispatch(leaveRequested({ download }));
        }}
      />
    </section>
  );
}
