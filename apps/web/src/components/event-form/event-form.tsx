import {
  Checkbox,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import {
  EVENT_TITLE_MAX,
  EVENT_VISIBILITIES,
  EVENT_VISIBILITY_LABELS,
  eventInputSchema,
  type TEventDetail,
  type TEventInput,
  type TEventVisibility,
} from '@parity/domain/calendar/events';
import { useMemo, useState } from 'react';
import { htmlToMarkedText, markedTextToHtml } from '../../lib/marked-text';
import {
  allDayEnd,
  allDayLastDate,
  allDayStart,
  fromZonedInput,
  timeZoneNames,
  toZonedInput,
} from '../../lib/zoned-time';
import { Button } from '../button/button';
import { applyApiErrors } from '../form/api-errors';
import { FormError } from '../form/form-error';
import { focusFirstError } from '../form/use-schema-form';
import { Select } from '../select/select';

export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

type Repeat = 'none' | 'daily' | 'weekly' | 'monthly';
type Ends = 'never' | 'until' | 'count';

export interface EventFormValues extends Record<string, unknown> {
  title: string;
  description: string;
  allDay: boolean;
  /** "YYYY-MM-DDTHH:mm" on the wall in `timeZone` (the date part alone matters for all-day events) */
  start: string;
  end: string;
  timeZone: string;
  location: string;
  videoUrl: string;
  visibility: TEventVisibility;
  repeat: Repeat;
  interval: number | string;
  byWeekday: string[];
  ends: Ends;
  until: string;
  count: number | string;
}

/** The API's body for the form's values (validated by the domain's eventInputSchema). */
export function toEventInput(values: EventFormValues): Record<string, unknown> {
  const start = values.allDay
    ? allDayStart(values.start.slice(0, 10))
    : fromZonedInput(values.start, values.timeZone);
  const end = values.allDay
    ? allDayEnd(values.end.slice(0, 10))
    : fromZonedInput(values.end, values.timeZone);
  const recurrence =
    values.repeat === 'none'
      ? null
      : {
          freq: values.repeat,
          interval: Number(values.interval) || 1,
          ...(values.repeat === 'weekly' && values.byWeekday.length
            ? { byWeekday: values.byWeekday.map(Number).sort() }
            : {}),
          ...(values.ends === 'until' && values.until ? { until: values.until } : {}),
          ...(values.ends === 'count' ? { count: Number(values.count) || 0 } : {}),
        };
  return {
    title: values.title,
    description: markedTextToHtml(values.description),
    start: start ?? values.start,
    end: end ?? values.end,
    allDay: values.allDay,
    timeZone: values.timeZone,
    location: values.location.trim() || null,
    videoUrl: values.videoUrl.trim() || null,
    visibility: values.visibility,
    recurrence,
  };
}

/** The form's field for a path of the API's body (recurrence fields sit flat on the form). */
export function formField(path: string): string | null {
  const field = path.replace(/^body\./, '');
  const recurrence: Record<string, string> = {
    'recurrence.until': 'until',
    'recurrence.count': 'count',
    'recurrence.interval': 'interval',
    'recurrence.byWeekday': 'byWeekday',
    'recurrence.freq': 'repeat',
    recurrence: 'repeat',
  };
  if (recurrence[field]) return recurrence[field];
  const top = field.split('.')[0] ?? '';
  return [
    'title',
    'description',
    'start',
    'end',
    'allDay',
    'timeZone',
    'location',
    'videoUrl',
    'visibility',
  ].includes(top)
    ? top
    : null;
}

function validate(values: EventFormValues): FormErrors {
  const result = eventInputSchema.safeParse(toEventInput(values));
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const field = formField(issue.path.join('.'));
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The form's values for editing `event` (at `occurrenceStart` when one occurrence is opened). */
export function editEventValues(event: TEventDetail, occurrenceStart: string | null): EventFormValues {
  // An occurrence's own times: the series' duration from the occurrence's start.
  const duration = new Date(event.end).getTime() - new Date(event.start).getTime();
  const start = occurrenceStart ?? event.start;
  const end = new Date(new Date(start).getTime() + duration).toISOString();
  const recurrence = event.recurrence;
  return {
    title: event.title,
    description: htmlToMarkedText(event.description),
    allDay: event.allDay,
    start: event.allDay ? `${start.slice(0, 10)}T00:00` : toZonedInput(start, event.timeZone),
    end: event.allDay ? `${allDayLastDate(end)}T00:00` : toZonedInput(end, event.timeZone),
    timeZone: event.timeZone,
    location: event.location ?? '',
    videoUrl: event.videoUrl ?? '',
    visibility: event.visibility,
    repeat: recurrence?.freq ?? 'none',
    interval: recurrence?.interval ?? 1,
    byWeekday: (recurrence?.byWeekday ?? []).map(String),
    ends: recurrence?.until ? 'until' : recurrence?.count ? 'count' : 'never',
    until: recurrence?.until?.slice(0, 10) ?? '',
    count: recurrence?.count ?? 10,
  };
}

/** A new event's values: the next full hour for an hour, in the user's zone (or the slot picked). */
export function newEventValues(timeZone: string, slot?: { start: string; end: string; allDay: boolean }) {
  const nextHour = new Date();
  nextHour.setUTCMinutes(0, 0, 0);
  nextHour.setUTCHours(nextHour.getUTCHours() + 1);
  const start = slot?.start ?? nextHour.toISOString();
  const end = slot?.end ?? new Date(nextHour.getTime() + 3_600_000).toISOString();
  const allDay = slot?.allDay ?? false;
  return {
    title: '',
    description: '',
    allDay,
    start: allDay ? `${start.slice(0, 10)}T00:00` : toZonedInput(start, timeZone),
    end: allDay ? `${allDayLastDate(end)}T00:00` : toZonedInput(end, timeZone),
    timeZone,
    location: '',
    videoUrl: '',
    visibility: 'organization',
    repeat: 'none',
    interval: 1,
    byWeekday: [],
    ends: 'never',
    until: '',
    count: 10,
  } satisfies EventFormValues;
}

export interface EventFormProps {
  /** The event edited, else a new one is created. */
  event?: TEventDetail;
  /** The occurrence opened: its own times are edited, and the series' recurrence is not shown. */
  occurrenceStart?: string | null;
  initialValues: EventFormValues;
  /** The audience is fixed (a pod's events): no Visibility field, this one is sent. */
  visibility?: TEventVisibility;
  /** What the form is named for: 'Add event' and 'Edit event' by default ('Add {name}'). */
  name?: string;
  /**
   * Sends the form: `body` is the whole event (a new one, or one occurrence's), `changed` only the
   * fields that differ from the values it opened with (a series' patch). Resolves true once saved
   * (the form then closes), false when the user went back on it; a refusal is shown on its field.
   */
  onSubmit: (body: TEventInput, changed: Partial<TEventInput>) => Promise<boolean>;
  saving: boolean;
  onDone: () => void;
}

/** The fields of `body` that differ from `before` (the recurrence as a whole). */
function changedFields(body: TEventInput, before: TEventInput): Partial<TEventInput> {
  return Object.fromEntries(
    Object.entries(body).filter(
      ([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key as keyof TEventInput]),
    ),
  ) as Partial<TEventInput>;
}

/**
 * Add or edit an event (the calendar's and a pod's): title, description (text with a few marks),
 * times in the event's own zone, all-day, location or video link, visibility and recurrence. The
 * domain's schema checks it before sending; the API's 400 puts its message on the field at fault.
 */
export function EventForm({
  event,
  occurrenceStart = null,
  initialValues,
  visibility,
  name = 'event',
  onSubmit,
  saving,
  onDone,
}: EventFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const zones = useMemo(() => timeZoneNames(), []);
  const [opened] = useState(() => (visibility ? { ...initialValues, visibility } : initialValues));
  const form = useForm<EventFormValues>({
    mode: 'controlled',
    initialValues: opened,
    validate,
    validateInputOnChange: false,
    clearInputErrorOnChange: true,
  });
  const values = form.getValues();
  const recurring = event?.recurrence !== null && event?.recurrence !== undefined;

  const submit = form.onSubmit(async (current) => {
    setFormError(null);
    const body = toEventInput(current) as TEventInput;
    try {
      if (await onSubmit(body, changedFields(body, toEventInput(opened) as TEventInput))) onDone();
    } catch (error) {
      setFormError(applyApiErrors(error, form, { field: formField, focus: true }));
    }
  }, focusFirstError);

  const dateType = values.allDay ? 'date' : 'datetime-local';
  const dateValue = (value: string) => (values.allDay ? value.slice(0, 10) : value);
  const setDate = (field: 'start' | 'end', value: string) =>
    form.setFieldValue(field, values.allDay ? `${value}T00:00` : value);

  return (
    <form onSubmit={submit} noValidate aria-label={`${event ? 'Edit' : 'Add'} ${name}`}>
      <Stack gap="sm">
        <FormError title={event ? 'The event could not be saved' : 'The event could not be created'}>
          {formError}
        </FormError>
        <TextInput
          label="Title"
          required
          maxLength={EVENT_TITLE_MAX + 50}
          data-autofocus
          {...form.getInputProps('title')}
          data-path="title"
        />
        <Textarea
          label="Description"
          description="A blank line starts a paragraph; lines starting with '- ' make a list; **bold**, *italic*."
          rows={4}
          {...form.getInputProps('description')}
          data-path="description"
        />
        <Switch label="All day" {...form.getInputProps('allDay', { type: 'checkbox' })} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            type={dateType}
            label={values.allDay ? 'First day' : 'Start'}
            required
            value={dateValue(values.start)}
            onChange={(e) => setDate('start', e.currentTarget.value)}
            error={form.errors.start}
            data-path="start"
          />
          <TextInput
            type={dateType}
            label={values.allDay ? 'Last day' : 'End'}
            required
            value={dateValue(values.end)}
            onChange={(e) => setDate('end', e.currentTarget.value)}
            error={form.errors.end}
            data-path="end"
          />
        </SimpleGrid>
        <Select
          label="Time zone"
          description="The event's own zone: its times above are on this clock."
          searchable
          allowDeselect={false}
          data={zones}
          limit={50}
          {...form.getInputProps('timeZone')}
          data-path="timeZone"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Location" {...form.getInputProps('location')} data-path="location" />
          <TextInput
            label="Video link"
            type="url"
            placeholder="https://"
            {...form.getInputProps('videoUrl')}
            data-path="videoUrl"
          />
        </SimpleGrid>
        {visibility ? null : (
          <Select
            label="Visibility"
            allowDeselect={false}
            data={EVENT_VISIBILITIES.map((value) => ({ value, label: EVENT_VISIBILITY_LABELS[value] }))}
            {...form.getInputProps('visibility')}
            data-path="visibility"
          />
        )}
        {/* Recurrence changes the series, not one occurrence. */}
        {event && occurrenceStart && recurring ? null : (
          <Stack gap="xs">
            <Select
              label="Repeat"
              allowDeselect={false}
              data={[
                { value: 'none', label: 'Does not repeat' },
                { value: 'daily', label: 'Daily' },
                { value: 'weekly', label: 'Weekly' },
                { value: 'monthly', label: 'Monthly' },
              ]}
              {...form.getInputProps('repeat')}
              data-path="repeat"
            />
            {values.repeat === 'none' ? null : (
              <>
                <NumberInput
                  label={`Every how many ${values.repeat === 'daily' ? 'days' : values.repeat === 'weekly' ? 'weeks' : 'months'}`}
                  min={1}
                  max={99}
                  w={220}
                  {...form.getInputProps('interval')}
                  data-path="interval"
                />
                {values.repeat === 'weekly' ? (
                  <Checkbox.Group
                    label="On"
                    description="The start's weekday when none is chosen."
                    {...form.getInputProps('byWeekday')}
                  >
                    <Group gap="sm" mt={4} data-path="byWeekday">
                      {WEEKDAYS.map((day, index) => (
                        <Checkbox key={day} value={String(index)} label={day} />
                      ))}
                    </Group>
                  </Checkbox.Group>
                ) : null}
                <Stack gap={4}>
                  <Text size="sm" fw={500} id="event-ends-label">
                    Ends
                  </Text>
                  <SegmentedControl
                    aria-labelledby="event-ends-label"
                    data={[
                      { value: 'never', label: 'Never' },
                      { value: 'until', label: 'On a date' },
                      { value: 'count', label: 'After' },
                    ]}
                    {...form.getInputProps('ends')}
                  />
                </Stack>
                {values.ends === 'until' ? (
                  <TextInput
                    type="date"
                    label="Last date"
                    w={220}
                    {...form.getInputProps('until')}
                    data-path="until"
                  />
                ) : null}
                {values.ends === 'count' ? (
                  <NumberInput
                    label="Number of occurrences"
                    min={1}
                    max={1000}
                    w={220}
                    {...form.getInputProps('count')}
                    data-path="count"
                  />
                ) : null}
              </>
            )}
          </Stack>
        )}
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button kind="blanc" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {event ? 'Save event' : 'Add event'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
