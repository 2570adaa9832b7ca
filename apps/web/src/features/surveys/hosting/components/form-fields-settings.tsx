import { Alert, Group, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import type { TForm } from '@parity/domain/lpi/forms';
import { IconAlertCircle } from '@tabler/icons-react';
import { Button } from '../../../../components/button/button';

/**
 * The practices / miscellaneous settings: every field of the form (GET /api/form-generator/{id}),
 * grouped by section, each requested or not. A field missing from `enabled` is requested.
 */
export function FormFieldsSettings({
  label,
  form,
  loading,
  failed,
  onRetry,
  enabled,
  onChange,
}: {
  label: string;
  form: TForm | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  enabled: Record<number, boolean>;
  onChange: (next: Record<number, boolean>) => void;
}) {
  if (loading)
    return (
      <Skeleton height={160} radius="md" role="status" aria-busy="true" aria-label={`Loading ${label}`} />
    );
  if (failed || !form) {
    return (
      <Alert
        color="danger"
        icon={<IconAlertCircle aria-hidden />}
        title={`The ${label} form could not be loaded`}
      >
        <Button kind="blanc" size="small" onClick={onRetry}>
          Try again
        </Button>
      </Alert>
    );
  }
  const ids = form.sections.flatMap((section) => section.inputs.map((input) => input.id));
  if (ids.length === 0) return <Text role="status">The {label} form has no fields.</Text>;
  const setAll = (value: boolean) => onChange(Object.fromEntries(ids.map((id) => [id, value])));
  const requested = ids.filter((id) => enabled[id] !== false).length;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {requested} of {ids.length} questions requested
        </Text>
        <Group gap="xs">
          <Button kind="tertiary" size="small" onClick={() => setAll(true)}>
            Request all
          </Button>
          <Button kind="tertiary" size="small" onClick={() => setAll(false)}>
            Request none
          </Button>
        </Group>
      </Group>
      {form.sections.map((section) => (
        <Stack key={section.name} gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Title order={3} size="h6" component="legend">
            {section.name}
          </Title>
          {section.inputs.map((input) => (
            <Switch
              key={input.id}
              label={input.label}
              checked={enabled[input.id] !== false}
              onChange={(event) => onChange({ ...enabled, [input.id]: event.currentTarget.checked })}
            />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
