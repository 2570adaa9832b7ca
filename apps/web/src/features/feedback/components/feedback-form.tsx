import { Group, Stack, Text, Textarea, UnstyledButton } from '@mantine/core';
import {
  FEEDBACK_BAND_COLOURS,
  FEEDBACK_COMMENT_MAX_LENGTH,
  FEEDBACK_RESET_MS,
  FEEDBACK_TEXTAREA,
  FEEDBACK_VALUES,
  feedbackBand,
  type TFeedbackForm,
  ZFeedbackForm,
} from '@parity/domain/feedback';
import { type CSSProperties, useEffect, useId, useRef, useState } from 'react';
import { showAlert } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useSendFeedback } from '../api/send-feedback';
import classes from './feedback.module.css';

export const FEEDBACK_COMMENT_LABEL = 'Can you tell us more?';
export const FEEDBACK_SUCCESS = { title: 'Success!', description: 'Feedback has been sent.' } as const;
export const FEEDBACK_FAILURE = { title: 'Error!', description: 'Error' } as const;

export interface FeedbackFormProps {
  /** Cancel: the dialog closes (and the form, unmounted, starts empty next time). */
  onCancel: () => void;
  /** The full address of the page the feedback is about; the current page by default. */
  pageUrl?: () => string;
}

/**
 * The feedback form of spec sections 3, 4 and 9: a 1-10 rating in five colour bands (clicking
 * the chosen number again clears it), an optional comment, and Submit, which looks disabled
 * without a rating and then says 'Thumbs is a required field'. After a valid submit the form
 * resets 3 s later.
 */
export function FeedbackForm({ onCancel, pageUrl = () => window.location.href }: FeedbackFormProps) {
  const form = useSchemaForm<{ feedback: number | null; comment: string }, TFeedbackForm>(ZFeedbackForm, {
    initialValues: { feedback: null, comment: '' },
    transformValues: ({ feedback, comment }) => ({ feedback, comment: comment.trim() ? comment : null }),
  });
  const { feedback } = form.values;
  const error = form.errors.feedback;
  const [sent, setSent] = useState(false);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mutation = useSendFeedback();
  const ratingLabelId = useId();
  const errorId = useId();

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const reset = () => {
    form.reset();
    setSent(false);
  };

  const choose = (value: number) => {
    if (sent) return;
    form.setFieldValue('feedback', feedback === value ? null : value);
  };

  const submit = form.onSubmit((values) => {
    if (mutation.isPending || sent || values.feedback === null) return;
    mutation.mutate(
      { url: pageUrl(), value: values.feedback, comment: values.comment },
      {
        onSuccess: () => {
          showAlert('success', FEEDBACK_SUCCESS.title, FEEDBACK_SUCCESS.description);
          setSent(true);
          clearTimeout(resetTimer.current);
          resetTimer.current = setTimeout(reset, FEEDBACK_RESET_MS);
        },
        onError: (failure) => {
          console.error('Feedback could not be sent', failure);
          showAlert('error', FEEDBACK_FAILURE.title, FEEDBACK_FAILURE.description);
        },
      },
    );
  });

  const noRating = feedback === null;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Stack gap={6}>
          <Text id={ratingLabelId} size="sm" fw={500}>
            How likely are you to recommend Parity? (1 to 10)
          </Text>
          <Group
            gap={6}
            role="group"
            aria-labelledby={ratingLabelId}
            aria-describedby={error ? errorId : undefined}
            wrap="wrap"
          >
            {FEEDBACK_VALUES.map((value) => {
              const selected = feedback === value;
              const band = feedbackBand(value);
              return (
                <UnstyledButton
                  key={value}
                  className={classes.rating}
                  aria-pressed={selected}
                  data-band={band}
                  data-selected={selected || undefined}
                  style={{ '--rating-colour': FEEDBACK_BAND_COLOURS[band] } as CSSProperties}
                  onClick={() => choose(value)}
                  disabled={sent}
                >
                  {value}
                </UnstyledButton>
              );
            })}
          </Group>
          {error ? (
            <Text id={errorId} role="alert" size="sm" c="danger.8">
              {error}
            </Text>
          ) : null}
        </Stack>
        <Textarea
          label={FEEDBACK_COMMENT_LABEL}
          placeholder={FEEDBACK_TEXTAREA.placeholder}
          rows={FEEDBACK_TEXTAREA.rows}
          cols={FEEDBACK_TEXTAREA.cols}
          maxLength={FEEDBACK_COMMENT_MAX_LENGTH}
          {...form.getInputProps('comment')}
          disabled={sent}
        />
        <Group justify="flex-end" gap="sm">
          <Button kind="blanc" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            type="submit"
            loading={mutation.isPending}
            // Looks disabled without a rating, but stays clickable to say why (spec 4).
            data-disabled={noRating || sent || undefined}
            aria-disabled={noRating || sent || undefined}
          >
            Submit
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
