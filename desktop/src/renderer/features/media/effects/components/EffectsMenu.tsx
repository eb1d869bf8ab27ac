import type { MessageId } from '@tsudoi/common';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../../app/hooks';
import { usePopup } from '@tsudoi/ui/controls';
import { SparkleIcon } from '../../components/media-icons';
import { BUILTIN_BACKGROUNDS } from '../backgrounds/builtin';
import type { CameraEffect, EffectBackground } from '../effect-types';
import { effectChosen, selectCameraEffect } from '../effects-slice';
import './effects-menu.css';

/** A background the menu offers besides the built-in ones (e.g. an uploaded virtual background). */
export interface MenuBackground extends EffectBackground {
  label?: string;
}

export interface EffectsMenuProps {
  /** More background images to offer (uploaded ones), after the built-in ones. */
  backgrounds?: readonly MenuBackground[];
  /** Shown under the thumbnails, e.g. the virtual background uploader. */
  children?: ReactNode;
  /** Whether the camera is on (an effect chosen with the camera off applies when it comes on). */
  cameraOn?: boolean;
}

const isSelected = (current: CameraEffect, option: CameraEffect) =>
  current.mode === option.mode && (option.mode !== 'background' || current.background?.id === option.background?.id);

/**
 * The media toolbar's camera effects: none, blurred background, or one of the
 * background images (built-in ones and `backgrounds`). The choice goes to the
 * effect queue (the latest wins) and is kept across rooms and visits.
 */
export function EffectsMenu({ backgrounds = [], children, cameraOn = true }: EffectsMenuProps) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { current, pending } = useAppSelector(selectCameraEffect);
  const { open, setOpen, root } = usePopup();
  const t = (id: MessageId) => intl.formatMessage({ id });

  const shown = pending ?? current;
  const choose = (effect: CameraEffect) => dispatch(effectChosen(effect));
  const images: MenuBackground[] = [
    ...BUILTIN_BACKGROUNDS.map((b) => ({ id: b.id, url: b.url, label: t(b.label) })),
    ...backgrounds,
  ];
  const option = (effect: CameraEffect, label: string, content: ReactNode) => {
    const selected = isSelected(shown, effect);
    return (
      <button
        key={effect.background?.id ?? effect.mode}
        type="button"
        role="radio"
        aria-checked={selected}
        aria-label={label}
        title={label}
        className={`effects-menu__option effects-menu__option--${effect.mode}${selected ? ' is-selected' : ''}`}
        onClick={() => choose(effect)}
      >
        {content}
        {selected && pending && <span className="effects-menu__busy button__spinner" aria-hidden="true" />}
      </button>
    );
  };
  const label = t('media.effects.menu');
  return (
    <div className="effects-menu" ref={root}>
      <button
        type="button"
        className={`media-button${current.mode !== 'none' ? ' media-button--active' : ''}`}
        aria-expanded={open}
        aria-haspopup="dialog"
        title={label}
        onClick={() => setOpen((v) => !v)}
      >
        <SparkleIcon />
        <span>{t('media.effects.button')}</span>
      </button>
      {open && (
        <div className="popup-panel effects-menu__panel" role="dialog" aria-label={label}>
          <p className="effects-menu__title">{label}</p>
          <div className="effects-menu__grid" role="radiogroup" aria-label={label}>
            {option(
              { mode: 'none', background: null },
              t('media.effects.none'),
              <span className="effects-menu__glyph" aria-hidden="true">
                <svg width={26} height={26} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8}>
                  <circle cx="12" cy="12" r="8" />
                  <path d="M6.5 17.5l11-11" />
                </svg>
              </span>,
            )}
            {option(
              { mode: 'blur', background: null },
              t('media.effects.blur'),
              <span className="effects-menu__glyph effects-menu__glyph--blur" aria-hidden="true">
                <svg width={30} height={30} viewBox="0 0 24 24" fill="currentColor">
                  <circle cx="12" cy="9" r="3.6" />
                  <path d="M5 20c.6-3.9 3.4-6 7-6s6.4 2.1 7 6z" />
                </svg>
              </span>,
            )}
          </div>
          <p className="effects-menu__subtitle">{t('media.effects.backgrounds')}</p>
          <div className="effects-menu__grid" role="radiogroup" aria-label={t('media.effects.backgrounds')}>
            {images.map((image) =>
              option(
                { mode: 'background', background: { id: image.id, url: image.url } },
                image.label ?? '',
                <img className="effects-menu__thumb" src={image.url} alt="" draggable={false} />,
              ),
            )}
          </div>
          {!cameraOn && <p className="effects-menu__hint">{t('media.effects.cameraOffHint')}</p>}
          {children}
        </div>
      )}
    </div>
  );
}
