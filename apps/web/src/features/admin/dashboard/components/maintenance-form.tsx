import { Paper, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import type { TMaintenanceStatus } from '@parity/domain/settings';
import {
  MAINTENANCE_MESSAGE_MAX,
  type TMaintenanceUpdate,
  ZMaintenanceUpdate,
} from '@parity/domain/settings';
import { useState } from 'react';
import { alertStore } from '../../../../components/alerts/alert-store';
import { Button } from '../../../../components/button/button';
import { confirm } from '../../../../components/dialog/confirm';
import { applyApiErrors } from '../../../../components/form/api-errors';
import { FormError } from '../../../../components/form/form-error';
import { focusFirstError, useSchemaForm } from '../../../../components/form/use-schema-form';
import { useSetMaintenance } from '../api/dashboard';

/**
 * The maintenance switch and its message. Turning it on asks first: every write by anyone but
 * platform administrators is then refused until it is turned off.
 */
export function MaintenanceForm({ status }: { status: TMaintenanceStatus }) {
  const form = useSchemaForm<TMaintenanceUpdate>(ZMaintenanceUpdate, {
    initialValues: { enabled: status.maintenance, message: status.message ?? '' },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSetMaintenance();

  const onSubmit = form.onSubmit(async (values) => {
    if (save.isPending) return;
    setFormError(null);
    if (values.enabled && !status.maintenance) {
      const confirmed = await confirm({
        title: 'Turn maintenance mode on?',
        message:
          'Every signed-in page will show the message, and nobody but platform administrators will be able to save anything until it is turned off.',
        confirmLabel: 'Turn on',
        danger: true,
      });
      if (!confirmed) return;
    }
    save.mutate(values, {
      onSuccess: (saved) => {
        form.setValues({ enabled: saved.maintenance, message: saved.message ?? '' });
        form.resetDirty();
        alertStore.add({
          type: 'success',
          title: saved.maintenance ? 'Maintenance mode is on' : 'Maintenance mode is off',
        });
      },
      onError: (failure) => setFormError(applyApiErrors(failure, form)),
    });
  }, focusFirstError);

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="maintenance-title">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="maintenance-title">
            Maintenance mode
          </Title>
          <Text size="sm" c="dimmed">
            {status.maintenance
              ? 'On: users see the message and cannot save changes.'
              : 'Off: everyone can use the platform.'}
          </Text>
          <Switch
            label="Maintenance mode"
            {...form.getInputProps('enabled', { type: 'checkbox' })}
            data-path="enabled"
          />
          <Textarea
            label="Message shown to users"
            description={`Required to turn maintenance on; at most ${MAINTENANCE_MESSAGE_MAX} characters.`}
            rows={3}
            maxLength={MAINTENANCE_MESSAGE_MAX}
            {...form.getInputProps('message')}
            data-path="message"
          />
          <FormError title="Maintenance mode was not saved">{formError}</FormError>
          <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
            Save maintenance mode
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
