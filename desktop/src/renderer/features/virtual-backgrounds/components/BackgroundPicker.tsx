import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { useIntl } from 'react-intl';
import {
  VIRTUAL_BACKGROUND_MAX_BYTES,
  VIRTUAL_BACKGROUND_MAX_COUNT,
  VIRTUAL_BACKGROUND_TYPES,
  type MessageId,
} from '@tsudoi/common';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ConfirmDialog, OutlineSvg } from '@tsudoi/ui/controls';
import { formatSize } from '../../chat/format-size';
import {
  pickerOpened,
  removeRequested,
  selectVirtualBackgrounds,
  uploadErrorDismissed,
  uploadRequested,
  type PickerBackground,
} from '../slice';
import './background-picker.css';

/** What the camera effects menu receives: the background's id and an object URL of its image. */
export interface PickedBackground {
  id: number;
  url: string;
}

export interface BackgroundPickerProps {
  /** The floor of an account-less guest's session (their guest routes); a signed-in user needs none. */
  floorId?: number | null;
  /** The background in use, shown as selected. */
  selectedId?: number | null;
  /** Called when a thumbnail is chosen; without it the picker only manages the images. */
  onSelect?(background: PickedBackground): void;
  /** Smaller, for a menu panel (the camera effects menu). */
  compact?: boolean;
}

const UploadIcon = () => (
  <OutlineSvg size={22}>
    <path d="M12 16V4M7 9l5-5 5 5M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
  </OutlineSvg>
);
const TrashIcon = () => (
  <OutlineSvg size={16}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1l1-12M9 7V4h6v3" />
  </OutlineSvg>
);

/**
 * My uploaded virtual backgrounds (spec calls §7.9): thumbnails loaded with
 * my session, an upload tile with progress and the refusal's reason, delete
 * behind a confirmation, and `onSelect({id, url})` for the camera effect.
 */
export function BackgroundPicker({
  floorId = null,
  selectedId = null,
  onSelect,
  compact = false,
}: BackgroundPickerProps) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectVirtualBackgrounds);
  const [confirming, setConfirming] = useState<number | null>(null);
  const inputId = useId();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  useEffect(() => {
    dispatch(pickerOpened({ floorId }));
  }, [dispatch, floorId]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) dispatch(uploadRequested({ file }));
  };
  const full = state.items.length >= VIRTUAL_BACKGROUND_MAX_COUNT;
  const { upload } = state;

  return (
    <section className={`vbg${compact ? ' vbg--compact' : ''}`} aria-labelledby={`${inputId}-title`}>
      <header className="vbg__header">
        <h2 id={`${inputId}-title`} className="vbg__title">
          {t(compact ? 'virtualBackgrounds.mine' : 'virtualBackgrounds.title')}
        </h2>
        <span className="vbg__count">
          {t('virtualBackgrounds.count', { count: state.items.length, limit: VIRTUAL_BACKGROUND_MAX_COUNT })}
        </span>
      </header>
      <p className="vbg__hint">
        {t('virtualBackgrounds.hint', {
          size: formatSize(VIRTUAL_BACKGROUND_MAX_BYTES),
          limit: VIRTUAL_BACKGROUND_MAX_COUNT,
        })}
      </p>

      <ul className="vbg__grid" aria-busy={state.status === 'loading' || undefined}>
        <li>
          <label
            className={`vbg__tile vbg__upload${upload.busy || full ? ' vbg__upload--disabled' : ''}`}
            htmlFor={inputId}
          >
            <input
              id={inputId}
              className="vbg__file"
              type="file"
              accept={VIRTUAL_BACKGROUND_TYPES.join(',')}
              disabled={upload.busy || full}
              onChange={choose}
            />
            <UploadIcon />
            <span>
              {upload.busy
                ? t('virtualBackgrounds.uploading', { percent: upload.progress })
                : t('virtualBackgrounds.upload')}
            </span>
            {upload.busy && (
              <span
                className="vbg__progress"
                role="progressbar"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={upload.progress}
              >
                <span style={{ width: `${upload.progress}%` }} />
              </span>
            )}
          </label>
        </li>
        {state.items.map((item) => (
          <Thumbnail
            key={item.id}
            item={item}
            selected={item.id === selectedId}
            deleting={state.deleting === item.id}
            onSelect={onSelect}
            onDelete={() => setConfirming(item.id)}
            t={t}
          />
        ))}
      </ul>

      {state.status === 'loading' && state.items.length === 0 && (
        <p className="vbg__status">{t('virtualBackgrounds.loading')}</p>
      )}
      {state.status === 'ready' && state.items.length === 0 && (
        <p className="vbg__status">{t('virtualBackgrounds.empty')}</p>
      )}
      {state.status === 'failed' && state.error && (
        <p className="vbg__error" role="alert">
          {state.error}
        </p>
      )}
      {upload.error && (
        <p className="vbg__error" role="alert">
          {upload.error}
          <button type="button" className="vbg__dismiss" onClick={() => dispatch(uploadErrorDismissed())}>
            ×
          </button>
        </p>
      )}

      <ConfirmDialog
        open={confirming !== null}
        title={t('virtualBackgrounds.confirmDelete')}
        confirmLabel={t('virtualBackgrounds.confirm')}
        cancelLabel={t('virtualBackgrounds.cancel')}
        danger
        onConfirm={() => {
          if (confirming !== null) dispatch(removeRequested(confirming));
          setConfirming(null);
        }}
        onCancel={() => setConfirming(null)}
      >
        {t('virtualBackgrounds.confirmDeleteBody')}
      </ConfirmDialog>
    </section>
  );
}

interface ThumbnailProps {
  item: PickerBackground;
  selected: boolean;
  deleting: boolean;
  onSelect?(background: PickedBackground): void;
  onDelete(): void;
  t(id: MessageId): string;
}

function Thumbnail({ item, selected, deleting, onSelect, onDelete, t }: ThumbnailProps) {
  const { url } = item;
  return (
    <li className={`vbg__item${selected ? ' vbg__item--selected' : ''}`} data-background-id={item.id}>
      <button
        type="button"
        className="vbg__tile vbg__thumb"
        aria-label={selected ? t('virtualBackgrounds.selected') : t('virtualBackgrounds.select')}
        aria-pressed={onSelect ? selected : undefined}
        disabled={!url || deleting}
        onClick={() => url && onSelect?.({ id: item.id, url })}
      >
        {url ? (
          <img src={url} alt="" />
        ) : (
          <span className={item.failed ? 'vbg__broken' : 'vbg__skeleton'}>
            {item.failed ? t('virtualBackgrounds.thumbnailFailed') : null}
          </span>
        )}
        {selected && <span className="vbg__badge">{t('virtualBackgrounds.selected')}</span>}
      </button>
      <button
        type="button"
        className="vbg__delete"
        aria-label={t('virtualBackgrounds.delete')}
        title={t('virtualBackgrounds.delete')}
        disabled={deleting}
        onClick={onDelete}
      >
        <TrashIcon />
      </button>
    </li>
  );
}
