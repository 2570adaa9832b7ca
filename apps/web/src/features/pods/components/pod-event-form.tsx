import { SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import {
  EVENT_LOCATION_MAX,
  EVENT_TITLE_MAX,
  eventInputSchema,
  RECURRENCE_FREQUENCIES,
  type TEventDetail,
  type TRecurrenceFrequency,
} from '@parity/domain/calendar/events';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button/button';
import { applyApiErrors } from '../../../components/form/api-errors';
import { FormError } from '../../../components/form/form-error';
import { focusFirstError } from '../../../components/form/use-schema-form';
import { Select } from '../../../components/select/select';
import { htmlToMarkedText, markedTextToHtml } from '../../../lib/marked-text';
import { useCreatePodEvent, useUpdatePodEvent } from '../api/events';

interface PodEventValues extends Record<string, unknown> {
  title: string;
  description: string;
  /** "YYYY-MM-DDTHH:mm" on the user's clock */
  start: string;
  end: string;
  location: string;
  repeat: 'none' | TRecurrenceFrequency;
}

const REPEAT_NAMES: Record<PodEventValues['repeat'], string> = {
  none: 'Does not repeat',
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

/** "YYYY-MM-DDTHH:mm" of a date on the user's clock (the inputs' format). */
function localInput(date: Date): string {
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

function toInstant(local: string): string {
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

/** The calendar's body for the form (the pod's events are stored with the pod as audience). */
function toPodEventInput(values: PodEventValues) {
  return {
    title: values.title,
    description: values.description.trim() ? markedTextToHtml(values.description) : '',
    start: toInstant(values.start),
    end: toInstant(values.end),
    allDay: false,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    location: values.location.trim() || null,
    visibility: 'private' as const,
    recurrence: values.repeat === 'none' ? null : { freq: values.repeat, interval: 1 },
  };
}

function validate(values: PodEventValues): FormErrors {
  const checked = eventInputSchema.safeParse(toPodEventInput(values));
  const errors: FormErrors = {};
  for (const issue of checked.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    if (field in values && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** A new event's values: tomorrow, at the next whole hour, for an hour. */
function newEventValues(): PodEventValues {
  const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 86_400_000);
  return {
    title: '',
    description: '',
    start: localInput(start),
    end: localInput(new Date(start.getTime() + 3_600_000)),
    location: '',
    repeat: 'none',
  };
}

function eventValues(event: TEventDetail): PodEventValues {
  return {
    title: event.title,
    description: htmlToMarkedText(event.description),
    start: localInput(new Date(event.start)),
    end: localInput(new Date(event.end)),
    location: event.location ?? '',
    repeat: event.recurrence?.freq ?? 'none',
  };
}

/**
 * Add an event to the pod (its members see it here and in their calendars), or, with `event`,
 * edit it: the whole series, in its own zone; a recurrence left as it was keeps its end and
 * weekdays.
 */
export function PodEventForm({
  podId,
  event,
  onDone,
}: {
  podId: number;
  event?: TEventDetail;
  onDone: () => void;
}) {
  const navigate = useNavigate();
  const create = useCreatePodEvent(podId);
  const update = useUpdatePodEvent(podId);
  const [formError, setFormError] = useState<string | null>(null);
  const [initialValues] = useState(() => (event ? eventValues(event) : newEventValues()));
  const form = useForm<PodEventValues>({ initialValues, validate });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    const onError = (error: unknown) => setFormError(applyApiErrors(error, form, { focus: true }));
    const body = eventInputSchema.parse(toPodEventInput(values));
    if (!event) {
      create.mutate(body, {
        onSuccess: (created) => {
          onDone();
          navigate(`/pods/${podId}/events/${created.id}`);
        },
        onError,
      });
      return;
    }
    const { visibility: _visibility, timeZone: _timeZone, recurrence, ...fields } = body;
    update.mutate(
      {
        eventId: event.id,
        body: { ...fields, ...(values.repeat === initialValues.repeat ? {} : { recurrence }) },
      },
      { onSuccess: onDone, onError },
    );
  }, focusFirstError);

  return (
    <form onSubmit={submit} noValidate aria-label={event ? 'Edit the pod event' : 'Add a pod event'}>
      <Stack gap="md">
        <FormError title={event ? 'The event could not be saved' : 'The event could not be added'}>
          {formError}
        </FormError>
        <TextInput
          label="Title"
          required
          maxLength={EVENT_TITLE_MAX}
          data-path="title"
          {...form.getInputProps('title')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Start"
            type="datetime-local"
            required
            data-path="start"
            {...form.getInputProps('start')}
          />
          <TextInput
            label="End"
            type="datetime-local"
            required
            data-path="end"
            {...form.getInputProps('end')}
          />
        </SimpleGrid>
        <TextInput
          label="Location"
          maxLength={EVENT_LOCATION_MAX}
          data-path="location"
          {...form.getInputProps('location')}
        />
        <Select
          label="Repeat"
          allowDeselect={false}
          data={(['none', ...RECURRENCE_FREQUENCIES] as const).map((value) => ({
            value,
            label: REPEAT_NAMES[value],
          }))}
          {...form.getInputProps('repeat')}
        />
        <Textarea
          label="Description"
          rows={3}
          data-path="description"
          {...form.getInputProps('description')}
        />
        <Button
          type="submit"
          loading={create.isPending || update.isPending}
          style={{ alignSelf: 'flex-end' }}
        >
          {event ? 'Save event' : 'Add event'}
        </Button>
      </Stack>
    </form>
  );
}
