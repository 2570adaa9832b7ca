import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  NOTIFICATION_DELIVERIES,
  NOTIFICATION_DELIVERY_LABELS,
  NOTIFICATION_KIND_LABELS,
  type TNotificationPreferences,
  ZNotificationPreferences,
} from '@parity/domain/notifications';
import { useState } from 'react';
import { showAlert } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { apiErrorMessage } from '../../../components/form/api-errors';
import { FormError } from '../../../components/form/form-error';
import { focusFirstError, useSchemaForm } from '../../../components/form/use-schema-form';
import { QueryError, QueryLoader } from '../../../components/query-state/query-state';
import { Select } from '../../../components/select/select';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';
import { PREFERENCES_SAVED } from '../lib/messages';

const DELIVERY_OPTIONS = NOTIFICATION_DELIVERIES.map((delivery) => ({
  value: delivery,
  label: NOTIFICATION_DELIVERY_LABELS[delivery],
}));

function PreferencesForm({ initial }: { initial: TNotificationPreferences }) {
  const form = useSchemaForm<TNotificationPreferences>(ZNotificationPreferences, { initialValues: initial });
  const update = useUpdateNotificationPreferences();
  const [formError, setFormError] = useState<string | null>(null);
  const submit = form.onSubmit((values) => {
    setFormError(null);
    update.mutate(values, {
      onSuccess: (saved) => {
        form.setInitialValues(saved);
        form.setValues(saved);
        showAlert('success', 'Success!', PREFERENCES_SAVED);
      },
      onError: (error) => setFormError(apiErrorMessage(error)),
    });
  }, focusFirstError);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormError title="The preferences could not be saved">
          {formError ?? form.errors.preferences}
        </FormError>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {form.getValues().preferences.map((preference, index) => (
            <Select
              key={preference.kind}
              label={NOTIFICATION_KIND_LABELS[preference.kind]}
              data={DELIVERY_OPTIONS}
              allowDeselect={false}
              {...form.getInputProps(`preferences.${index}.delivery`)}
            />
          ))}
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            Save preferences
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Per kind, how it reaches the user: in-app only, with a mail at once, in a daily digest, or not at all. */
export function NotificationPreferences() {
  const preferences = useNotificationPreferences();
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-labelledby="notification-preferences-title"
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id="notification-preferences-title">
            Preferences
          </Title>
          <Text size="sm" c="dimmed">
            Choose how each kind of notification reaches you.
          </Text>
        </Stack>
        {preferences.isPending ? (
          <QueryLoader label="Loading preferences" />
        ) : preferences.isError ? (
          <QueryError
            error={preferences.error}
            title="The preferences could not be loaded"
            onRetry={() => void preferences.refetch()}
          />
        ) : (
          <PreferencesForm initial={preferences.data} />
        )}
      </Stack>
    </Card>
  );
}
