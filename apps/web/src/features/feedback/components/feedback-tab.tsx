import { UnstyledButton } from '@mantine/core';
import { openDialog } from '../../../components/dialog/dialog-store';
import classes from './feedback.module.css';
import { FEEDBACK_DIALOG_TITLE, FeedbackForm } from './feedback-form';

/** Opens the persistent small 'Share your feedback' dialog; closing it (Cancel, ×) drops the form. */
export function openFeedbackDialog() {
  return openDialog({
    title: FEEDBACK_DIALOG_TITLE,
    size: 'small',
    persistent: true,
    content: (close) => <FeedbackForm onCancel={close} />,
  });
}

/** The fixed Feedback tab on the right edge of every sign-in page (spec sections 2 and 6). */
export function FeedbackTab() {
  return (
    <UnstyledButton className={classes.tab} onClick={() => openFeedbackDialog()} aria-haspopup="dialog">
      Feedback
    </UnstyledButton>
  );
}
