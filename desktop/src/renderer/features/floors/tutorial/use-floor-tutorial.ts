import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectCurrentUser } from '../../auth';
import { FLOOR_TUTORIAL_STEPS, opensByItself, presentSteps } from './floor-tutorial';
import { hostGuideSeen } from './host-guide';
import { makeTutorialReducer, type TutorialAction, type TutorialState, type TutorialStep } from './tutorial';

/** A selector matches something laid out on the page (display:none and detached parts do not count). */
const shown = (selector: string) =>
  [...document.querySelectorAll<HTMLElement>(selector)].some((e) => e.getClientRects().length > 0);

/**
 * The live floor's tutorial: opens by itself once for a host whose
 * skipHostGuide is off, on the steps whose targets are on the page then;
 * skipping or finishing it sets the flag on the server; `reopen` (the help
 * button) shows it again, to anyone, without changing the flag.
 */
export function useFloorTutorial(canManage: boolean, ready: boolean) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const [state, setState] = useState<TutorialState>({ open: false, index: 0 });
  const [steps, setSteps] = useState<readonly TutorialStep[]>([]);
  const asked = useRef(false);
  const auto = useRef(false);

  const start = useCallback((byItself: boolean) => {
    const now = presentSteps(FLOOR_TUTORIAL_STEPS, shown);
    if (now.length === 0) return;
    auto.current = byItself;
    setSteps(now);
    setState({ open: true, index: 0 });
  }, []);

  // once per page: the floor's rooms and header laid out (a frame later than the render that brought them)
  useEffect(() => {
    if (asked.current || !opensByItself(user, canManage, ready)) return;
    const frame = requestAnimationFrame(() => {
      asked.current = true;
      start(true);
    });
    return () => cancelAnimationFrame(frame);
  }, [user, canManage, ready, start]);

  const act = useCallback(
    (action: TutorialAction) => {
      if (action === 'reopen') {
        start(false);
        return;
      }
      setState((current) => {
        const next = makeTutorialReducer(steps.length)(current, action);
        // the tour that opened by itself is done: never again by itself, on any device
        if (current.open && !next.open && auto.current && user && !user.skipHostGuide) dispatch(hostGuideSeen());
        return next;
      });
    },
    [steps.length, start, user, dispatch],
  );
  return { state, steps, act };
}
