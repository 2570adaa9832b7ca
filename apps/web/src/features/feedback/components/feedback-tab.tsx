import { Center, Loader, UnstyledButton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { openDialog } from '../../../components/dialog/dialog-store';
import { withComponentStyles } from '../../../lib/component-styles';
import classes from './feedback.module.css';

export const FEEDBACK_DIALOG_TITLE = 'Share your feedback';

// The form (with its form library and the domain's schemas) loads when the dialog first opens,
// not with every signed-in page (issue #20: a phone's first load of the dashboard).
const FeedbackForm = lazy(
  withComponentStyles(() => import('./feedback-form').then((module) => ({ default: module.FeedbackForm }))),
);

/** Opens the persistent small 'Share your feedback' dialog; closing it (Cancel, ×) drops the form. */
export function openFeedbackDialog() {
  return openDialog({
    title: FEEDBACK_DIALOG_TITLE,
    size: 'small',
    persistent: true,
    content: (close) => (
      <Suspense
        fallback={
          <Center py="md">
            <Loader size="sm" aria-label="Loading" />
          </Center>
        }
      >
        <FeedbackForm onCancel={close} />
      </Suspense>
    ),
  });
}

/**
 * The fixed Feedback tab on the right edge of every sign-in page (spec sections 2 and 6); on a
 * narrow screen a button after the page's content, so that it never covers it.
 */
export function FeedbackTab() {
  return (
    <UnstyledButton className={classes.tab} onClick={() => openFeedbackDialog()} aria-haspopup="dialog">
      Feedback
    </UnstyledButton>
  );
}
