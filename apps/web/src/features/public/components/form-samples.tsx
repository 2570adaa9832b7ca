import {
  Checkbox,
  NumberInput,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { PASSWORD_RULE_HINT, PASSWORD_RULE_MESSAGE } from '@parity/domain/auth';
import { Select } from '../../../components/select/select';

const LEGAL_STRUCTURES = [
  'Limited partnership',
  'Limited liability company',
  'Corporation',
  'Sole proprietorship',
];

function Fields({ withErrors }: { withErrors: boolean }) {
  const error = (message: string) => (withErrors ? message : undefined);
  const suffix = withErrors ? ' (error state)' : '';
  // Mantine marks text inputs invalid itself; password, switch and checkbox need it said.
  const invalid = withErrors ? { 'aria-invalid': true } : {};
  return (
    <Stack gap="md">
      <TextInput
        label={`Organization name${suffix}`}
        withAsterisk
        defaultValue={withErrors ? '' : 'Acme Capital Partners'}
        error={error('Organization name is required')}
      />
      <PasswordInput
        {...invalid}
        label={`New password${suffix}`}
        autoComplete="new-password"
        defaultValue={withErrors ? 'short' : ''}
        description={PASSWORD_RULE_HINT}
        error={error(PASSWORD_RULE_MESSAGE)}
      />
      <Select
        label={`Legal structure${suffix}`}
        withAsterisk
        data={LEGAL_STRUCTURES}
        defaultValue={withErrors ? null : LEGAL_STRUCTURES[0]}
        placeholder="Choose a legal structure"
        error={error('Legal structure is required')}
      />
      <NumberInput
        label={`Total full-time employees${suffix}`}
        min={0}
        defaultValue={withErrors ? -3 : 42}
        error={error('Total full-time employees must be equal or greater than 0')}
      />
      <TextInput
        label={`Inception date${suffix}`}
        description="YYYY-MM-DD"
        inputMode="numeric"
        defaultValue={withErrors ? '2031-02-30' : '2012-05-01'}
        error={error('Date must be before or equal to today')}
      />
      <Switch
        {...invalid}
        label={`Publicly traded${suffix}`}
        defaultChecked={!withErrors}
        error={error('Publicly traded can be set only for legal structure 1')}
      />
      <Checkbox
        {...invalid}
        label={`I accept the terms and conditions${suffix}`}
        defaultChecked={!withErrors}
        error={error('Please, accept terms and conditions')}
      />
      <Textarea
        label={`Can you tell us more?${suffix}`}
        placeholder="Empty"
        rows={4}
        defaultValue={withErrors ? '' : 'The new reporting tabs are clear.'}
        error={error('Comment is required')}
      />
    </Stack>
  );
}

/** Every input kind, as it looks normally and with a validation error. */
export function FormSamples() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
      <section aria-labelledby="form-default-title">
        <Title order={3} size="h4" id="form-default-title" mb="sm">
          Default
        </Title>
        <Fields withErrors={false} />
      </section>
      <section aria-labelledby="form-error-title">
        <Title order={3} size="h4" id="form-error-title" mb="sm">
          With an error
        </Title>
        <Fields withErrors />
      </section>
    </SimpleGrid>
  );
}
