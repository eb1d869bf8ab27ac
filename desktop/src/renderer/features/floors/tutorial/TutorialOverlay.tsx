import type { MessageId } from '@tsudoi/common';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@tsudoi/ui/controls';
import { TUTORIAL_STEPS, type TutorialAction, type TutorialState, type TutorialStep } from './tutorial';
import './tutorial.css';

interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

const PAD = 8;
const GAP = 14;
const MARGIN = 16;

/** The elements of the first selector that matches anything shown (several make one spotlight). */
function findTargets(selectors: readonly string[]): HTMLElement[] {
  for (const selector of selectors) {
    const found = [...document.querySelectorAll<HTMLElement>(selector)].filter((e) => e.getClientRects().length > 0);
    if (found.length > 0) return found;
  }
  return [];
}

function boundsOf(elements: readonly HTMLElement[]) {
  const rects = elements.map((e) => e.getBoundingClientRect());
  return {
    top: Math.min(...rects.map((r) => r.top)),
    bottom: Math.max(...rects.map((r) => r.bottom)),
    left: Math.min(...rects.map((r) => r.left)),
    right: Math.max(...rects.map((r) => r.right)),
  };
}

/** The spotlight around the target, clipped to the window (a tall form shows its visible part). */
function spotOf(elements: readonly HTMLElement[]): Box | null {
  if (elements.length === 0) return null;
  const r = boundsOf(elements);
  const top = Math.max(r.top - PAD, 4);
  const bottom = Math.min(r.bottom + PAD, window.innerHeight - 4);
  const left = Math.max(r.left - PAD, 4);
  const right = Math.min(r.right + PAD, window.innerWidth - 4);
  return bottom <= top || right <= left ? null : { top, left, width: right - left, height: bottom - top };
}

/** The card below the spotlight, else above it, else over its lower part; never off screen. */
function cardPlace(spot: Box | null, card: { width: number; height: number }) {
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const width = Math.min(card.width, vw - 2 * MARGIN);
  if (!spot) return { top: Math.max(MARGIN, (vh - card.height) / 2), left: (vw - width) / 2 };
  const left = Math.min(Math.max(spot.left, MARGIN), vw - width - MARGIN);
  if (spot.top + spot.height + GAP + card.height <= vh - MARGIN) return { top: spot.top + spot.height + GAP, left };
  if (spot.top - GAP - card.height >= MARGIN) return { top: spot.top - GAP - card.height, left };
  return { top: vh - card.height - MARGIN, left };
}

/**
 * Coach marks over the floor wizard, and over the live floor (its own
 * steps and label): the rest of the page is dimmed, the target stands out,
 * and a card explains it with back, next and skip. Escape skips. A small
 * own component: a handful of steps need no tour library.
 */
export function TutorialOverlay({
  state,
  act,
  steps = TUTORIAL_STEPS,
  label = 'floors.tutorial.label',
}: {
  state: TutorialState;
  act(action: TutorialAction): void;
  steps?: readonly TutorialStep[];
  label?: MessageId;
}) {
  const intl = useIntl();
  const cardRef = useRef<HTMLDivElement>(null);
  const primaryRef = useRef<HTMLButtonElement>(null);
  const [spot, setSpot] = useState<Box | null>(null);
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);
  const step: TutorialStep | undefined = steps[Math.min(state.index, steps.length - 1)];
  const last = state.index >= steps.length - 1;
  const t = (id: MessageId, values?: Record<string, number>) => intl.formatMessage({ id }, values);

  // A new step: bring its target into view, then follow it while the page scrolls or resizes.
  useEffect(() => {
    if (!state.open || !step) return;
    const targets = findTargets(step.targets);
    if (targets.length > 0) {
      // inside a scrolling part of the page (the live floor's map) first, then centred in the window
      targets[0]!.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const { top, bottom } = boundsOf(targets);
      // Centre the target (its top when it is taller than most of the window, below the sticky header).
      const tall = bottom - top > window.innerHeight * 0.6;
      const by = tall ? top - 96 : (top + bottom) / 2 - window.innerHeight / 2 + 60;
      window.scrollBy({ top: by });
    }
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setSpot(spotOf(findTargets(step.targets))));
    };
    measure();
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [state.open, step]);

  useLayoutEffect(() => {
    const card = cardRef.current;
    if (!card) return;
    setPlace(cardPlace(spot, { width: card.offsetWidth, height: card.offsetHeight }));
  }, [spot, state.index]);

  useEffect(() => {
    if (state.open) primaryRef.current?.focus();
  }, [state.open, state.index]);

  // Escape skips, wherever the focus is.
  useEffect(() => {
    if (!state.open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') act('skip');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [state.open, act]);

  if (!state.open || !step) return null;
  return (
    <div className="tour">
      {spot ? (
        <div className="tour__spot" style={spot} aria-hidden="true" />
      ) : (
        <div className="tour__dim" aria-hidden="true" />
      )}
      <div
        ref={cardRef}
        className="tour__card"
        role="dialog"
        aria-modal="true"
        aria-labelledby="tour-title"
        aria-describedby="tour-text"
        data-tour-card={step.id}
        style={place ?? { visibility: 'hidden' }}
      >
        <div className="tour__top">
          <span className="tour__label">{t(label)}</span>
          <span className="tour__progress">
            {t('floors.tutorial.progress', { current: state.index + 1, total: steps.length })}
          </span>
        </div>
        <h2 id="tour-title" className="tour__title">
          {t(step.title)}
        </h2>
        <p id="tour-text" className="tour__text">
          {t(step.text)}
        </p>
        <div className="tour__dots" aria-hidden="true">
          {steps.map((s, i) => (
            <span
              key={s.id}
              className="tour__dot"
              data-state={i === state.index ? 'current' : i < state.index ? 'done' : 'todo'}
            />
          ))}
        </div>
        <div className="tour__actions">
          {!last && (
            <button type="button" className="tour__skip" onClick={() => act('skip')}>
              {t('floors.tutorial.skip')}
            </button>
          )}
          <span className="tour__spacer" />
          {state.index > 0 && (
            <Button variant="secondary" onClick={() => act('back')}>
              {t('floors.tutorial.back')}
            </Button>
          )}
          <Button ref={primaryRef} onClick={() => act(last ? 'finish' : 'next')}>
            {t(last ? 'floors.tutorial.done' : 'floors.tutorial.next')}
          </Button>
        </div>
      </div>
    </div>
  );
}
