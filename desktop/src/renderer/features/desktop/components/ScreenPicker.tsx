import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId, ScreenSource } from '@tsudoi/common';
import { Button } from '@tsudoi/ui/controls';
import { groupSources, isImageDataUrl } from '../sources';
import '@tsudoi/ui/controls/dialog.css';
import './screen-picker.css';

export interface ScreenPickerProps {
  sources: readonly ScreenSource[];
  /** The chosen source id, or null when the user cancelled. */
  onDone(sourceId: string | null): void;
}

/**
 * The in-app picker behind getDisplayMedia on desktop: screens and windows
 * with their thumbnails, as radio choices. Share (or a double click) answers
 * the source; Cancel, Escape or the backdrop answer null.
 */
export function ScreenPicker({ sources, onDone }: ScreenPickerProps) {
  const intl = useIntl();
  const ref = useRef<HTMLDialogElement>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const { screens, windows } = groupSources(sources);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const section = (id: string, titleId: MessageId, items: ScreenSource[]) =>
    items.length > 0 && (
      <section className="screen-picker__section" aria-labelledby={id}>
        <h3 id={id} className="screen-picker__heading">
          {intl.formatMessage({ id: titleId })}
        </h3>
        <div className="screen-picker__grid" role="radiogroup" aria-labelledby={id}>
          {items.map((source) => (
            <button
              key={source.id}
              type="button"
              role="radio"
              aria-checked={selected === source.id}
              className="screen-picker__option"
              onClick={() => setSelected(source.id)}
              onDoubleClick={() => onDone(source.id)}
            >
              {isImageDataUrl(source.thumbnail) ? (
                <img className="screen-picker__thumbnail" src={source.thumbnail} alt="" />
              ) : (
                <span className="screen-picker__thumbnail" />
              )}
              <span className="screen-picker__name">
                {isImageDataUrl(source.appIcon) && <img className="screen-picker__icon" src={source.appIcon} alt="" />}
                <span className="screen-picker__label">{source.name}</span>
              </span>
            </button>
          ))}
        </div>
      </section>
    );

  return (
    <dialog
      ref={ref}
      className="dialog screen-picker"
      aria-labelledby="screen-picker-title"
      onCancel={(event) => {
        event.preventDefault();
        onDone(null);
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onDone(null);
      }}
    >
      <div className="dialog__body">
        <h2 id="screen-picker-title" className="dialog__title">
          {intl.formatMessage({ id: 'desktop.picker.title' })}
        </h2>
        <div className="screen-picker__sources">
          {section('screen-picker-screens', 'desktop.picker.screens', screens)}
          {section('screen-picker-windows', 'desktop.picker.windows', windows)}
          {sources.length === 0 && <p className="dialog__text">{intl.formatMessage({ id: 'desktop.picker.empty' })}</p>}
        </div>
        <div className="dialog__actions">
          <Button variant="secondary" onClick={() => onDone(null)}>
            {intl.formatMessage({ id: 'desktop.picker.cancel' })}
          </Button>
          <Button disabled={selected === null} onClick={() => selected !== null && onDone(selected)}>
            {intl.formatMessage({ id: 'desktop.picker.share' })}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
