import type { ReactNode, Ref } from 'react';
import type { StepView } from './steps';

/** Lets the stepper save the shown step's changes before it moves on (Next, a step link). */
export interface SurveyStepController {
  readonly dirty: boolean;
  /** Saves what changed; answers whether everything is saved (nothing to save answers true). */
  saveChanges(): Promise<boolean>;
}

/**
 * One survey step's content, as the pages around it ask for it: the organization's response on the
 * step's LPI page (the route draws it with the LPI profile).
 */
export interface SurveyStepProps {
  surveyId: number;
  organizationId: number;
  /** Read as a report (a host, a platform admin): nothing is copied. */
  report: boolean;
  view: StepView;
  /** Tab links go to `${basePath}/${slug}`. */
  basePath: string;
  readOnly?: boolean;
  controller?: Ref<SurveyStepController>;
  /** After a save or a completion change (the stepper refreshes its progress). */
  onChange?: () => void;
}

export type RenderSurveyStep = (props: SurveyStepProps) => ReactNode;
