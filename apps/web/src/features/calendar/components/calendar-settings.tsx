import { Alert, CopyButton, Divider, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  CALENDAR_SLOT_MINUTES,
  calendarPreferencesSchema,
  type TCalendarPreferences,
  WEEK_STARTS,
} from '@parity/domain/calendar/events';
import { useMemo, useState } from 'react';
import { alertStore } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { confirm } from '../../../components/dialog/confirm';
import { applyApiErrors } from '../../../components/form/api-errors';
import { FormError } from '../../../components/form/form-error';
import { focusFirstError, useSchemaForm } from '../../../components/form/use-schema-form';
import { QueryError, QueryLoader } from '../../../components/query-state/query-state';
import { Select } from '../../../components/select/select';
import { formatDate } from '../../../lib/dates';
import { timeZoneNames } from '../../../lib/zoned-time';
import {
  useCalendarFeed,
  useRegenerateCalendarFeed,
  useRevokeCalendarFeed,
  useUpdateCalendarPreferences,
} from '../api/preferences';

export const SLOT_LABELS: Record<number, string> = {
  15: '15 minutes',
  30: '30 minutes',
  60: '1 hour',
  360: '6 hours',
};

/** Time zone, week start and slot size (PUT /api/calendar/preferences). */
export function PreferencesForm({
  preferences,
  onDone,
}: {
  preferences: TCalendarPreferences;
  onDone?: () => void;
}) {
  const save = useUpdateCalendarPreferences();
  const zones = useMemo(() => timeZoneNames(), []);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useSchemaForm<
    { timeZone: string; weekStart: string; slotMinutes: string },
    TCalendarPreferences
  >(calendarPreferencesSchema, {
    mode: 'controlled',
    initialValues: {
      timeZone: preferences.timeZone,
      weekStart: String(preferences.weekStart),
      slotMinutes: String(preferences.slotMinutes),
    },
    transformValues: (values) => ({
      timeZone: values.timeZone,
      weekStart: Number(values.weekStart) as 0 | 1,
      slotMinutes: Number(values.slotMinutes),
    }),
  });
  // The schema checks the values as sent (numbers), not the Selects' strings.
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const body = form.getTransformedValues();
    const checked = calendarPreferencesSchema.safeParse(body);
    if (!checked.success) {
      for (const issue of checked.error.issues) form.setFieldError(String(issue.path[0]), issue.message);
      focusFirstError(form.errors, undefined, event);
      return;
    }
    save.mutate(checked.data, {
      onSuccess: () => {
        alertStore.add({
          type: 'success',
          title: 'Saved',
          description: 'Your calendar settings were saved.',
        });
        onDone?.();
      },
      onError: (error) => setFormError(applyApiErrors(error, form, { focus: true })),
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Calendar preferences">
      <Stack gap="sm">
        <FormError title="The settings could not be saved">{formError}</FormError>
        <Select
          label="Time zone"
          description="Your calendar shows times on this clock."
          searchable
          allowDeselect={false}
          limit={50}
          data={zones}
          {...form.getInputProps('timeZone')}
          data-path="timeZone"
        />
        <Select
          label="Week starts on"
          allowDeselect={false}
          data={WEEK_STARTS.map((day) => ({ value: String(day), label: day === 0 ? 'Sunday' : 'Monday' }))}
          {...form.getInputProps('weekStart')}
          data-path="weekStart"
        />
        <Select
          label="Time slots"
          description="The rows of the week and day views."
          allowDeselect={false}
          data={CALENDAR_SLOT_MINUTES.map((minutes) => ({
            value: String(minutes),
            label: SLOT_LABELS[minutes] ?? `${minutes} minutes`,
          }))}
          {...form.getInputProps('slotMinutes')}
          data-path="slotMinutes"
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The personal feed: a secret URL calendar apps subscribe to; regenerated or revoked here. */
export function CalendarFeed() {
  const feed = useCalendarFeed();
  const regenerate = useRegenerateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const url = feed.data?.url ?? null;
  const active = feed.data?.active ?? false;

  const renew = async () => {
    if (
      active &&
      !(await confirm({
        title: 'Regenerate the feed URL',
        message: 'The current URL stops working: calendars subscribed to it must subscribe to the new one.',
        confirmLabel: 'Regenerate',
        danger: true,
      }))
    )
      return;
    regenerate.mutate();
  };
  const stop = async () => {
    if (
      await confirm({
        title: 'Revoke the feed URL',
        message: 'Calendars subscribed to this URL stop receiving your events.',
        confirmLabel: 'Revoke',
        danger: true,
      })
    )
      revoke.mutate();
  };

  const manage = (
    <>
      <Button kind="blanc" size="small" onClick={() => void renew()} loading={regenerate.isPending}>
        Regenerate
      </Button>
      <Button kind="error" size="small" onClick={() => void stop()} loading={revoke.isPending}>
        Revoke
      </Button>
    </>
  );

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Calendar feed
      </Title>
      <Text size="sm" c="dimmed">
        Subscribe to this secret address in Google Calendar, Outlook or Apple Calendar to see every event you
        attend. Anyone with the address can read it: keep it private.
      </Text>
      {feed.isPending ? (
        <QueryLoader label="Loading the feed" />
      ) : feed.isError ? (
        <QueryError
          error={feed.error}
          title="The feed could not be loaded"
          onRetry={() => void feed.refetch()}
        />
      ) : url ? (
        <Stack gap="xs">
          <TextInput
            label="Feed URL"
            description="Copy it now: the address is kept hashed and shown only when it is made."
            value={url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
          />
          <Group gap="sm">
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button kind="secondary" size="small" onClick={copy}>
                  {copied ? 'Copied' : 'Copy URL'}
                </Button>
              )}
            </CopyButton>
            {manage}
          </Group>
        </Stack>
      ) : active ? (
        <Stack gap="xs">
          <Text size="sm" role="status">
            Your feed is active
            {feed.data?.createdAt ? ` since ${formatDate(feed.data.createdAt)}` : ''}. Its address was shown
            when it was made; regenerate it to get a new one (the current one then stops working).
          </Text>
          <Group gap="sm">{manage}</Group>
        </Stack>
      ) : (
        <Alert color="gray" variant="light" title="No feed yet">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">You have no feed address. Create one to subscribe from another calendar.</Text>
            <Button size="small" onClick={() => void renew()} loading={regenerate.isPending}>
              Create feed URL
            </Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

/** The settings dialog of /calendar: preferences, then the feed. */
export function CalendarSettings({
  preferences,
  onDone,
}: {
  preferences: TCalendarPreferences;
  onDone: () => void;
}) {
  return (
    <Stack gap="lg">
      <PreferencesForm preferences={preferences} onDone={onDone} />
      <Divider />
      <CalendarFeed />
    </Stack>
  );
}
