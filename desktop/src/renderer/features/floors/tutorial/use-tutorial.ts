import { useCallback, useState } from 'react';
import { initialTutorial, rememberTutorialSeen, tutorialReducer, type TutorialAction } from './tutorial';

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

/** The tutorial's state for one wizard: open by itself on the first creation; skipping or finishing is remembered. */
export function useTutorial(firstCreation: boolean) {
  const [state, setState] = useState(() => initialTutorial(storage(), firstCreation));
  const act = useCallback((action: TutorialAction) => {
    setState((current) => {
      const next = tutorialReducer(current, action);
      if (current.open && !next.open) rememberTutorialSeen(storage());
      return next;
    });
  }, []);
  return { state, act };
}
