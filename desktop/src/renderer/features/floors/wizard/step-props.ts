import type { DraftField } from '../draft';
import type { useWizard } from './use-wizard';

/** What each step of the floor wizard is given. */
export interface StepProps {
  wizard: ReturnType<typeof useWizard>;
  errorOf(field: DraftField): string | undefined;
  imageUrl: string | null;
}
