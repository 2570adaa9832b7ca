// The date picker's styles come with it, not with every page's first load.
import '@mantine/dates/styles.css';
import { Badge, Card, Code, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { ZRotateCodeForm } from '@parity/domain/organization-invitations';
import { IconCopy, IconRefresh } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { showAlert } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { CLEAR_BUTTON } from '../../../components/form/date-field';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { QueryError } from '../../../components/query-state/query-state';
import { useCurrentAccount } from '../../../lib/account';
import { formatDateTime } from '../../../lib/dates';
import { useOrganizationCode, useRotateCode } from '../api/space';

export const NO_CODE = 'No organization code yet: make one to let people join at sign-up.';

/** /organizations/private/code: the code people type at sign-up to join (admins see, copy, rotate). */
export function PrivateCodeRoute() {
  const account = useCurrentAccount();
  const isAdmin = account.data?.isOrganizationAdministrator === true;
  const code = useOrganizationCode(isAdmin);
  const rotate = useRotateCode();
  const form = useSchemaForm(ZRotateCodeForm, { initialValues: { expires_at: '' } });

  if (account.isPending) return <Skeleton height={120} radius="lg" aria-busy="true" />;
  if (!isAdmin) {
    return (
      <Card withBorder radius="lg" padding="lg" component="section" aria-label="Current code">
        <Text size="sm">Only the organization's admins see its code.</Text>
      </Card>
    );
  }

  const copy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      showAlert('success', 'Copied', 'The organization code is on the clipboard.');
    } catch {
      showAlert('error', 'Error', 'The code could not be copied; select it and copy it by hand.');
    }
  };

  const submit = form.onSubmit(({ expires_at }) => {
    rotate.mutate(expires_at ? dayjs(expires_at).toISOString() : null, {
      onSuccess: () => {
        form.reset();
        showAlert('success', 'Success!', 'A new organization code was made; the old one no longer works.');
      },
    });
  });

  const data = code.data;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="code-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="code-title">
          Organization code
        </Title>
        <Text size="sm" c="dimmed">
          People who type this code at sign-up join the organization and wait for an admin's approval.
        </Text>
        {code.isPending ? (
          <Skeleton height={40} aria-busy="true" />
        ) : code.isError ? (
          <QueryError
            error={code.error}
            title="The organization code could not be loaded"
            onRetry={() => void code.refetch()}
          />
        ) : data?.code ? (
          <Group gap="sm">
            <Code fz="lg" aria-label="Current code">
              {data.code}
            </Code>
            <Button
              kind="secondary"
              size="small"
              leftSection={<IconCopy size={14} aria-hidden />}
              onClick={() => void copy(data.code as string)}
            >
              Copy code
            </Button>
            {data.expired ? (
              <Badge color="danger" variant="light">
                Expired
              </Badge>
            ) : null}
            <Text size="sm" c="dimmed">
              {data.expires_at ? `Expires ${formatDateTime(data.expires_at)}` : 'Does not expire'}
            </Text>
          </Group>
        ) : (
          <Text size="sm">{data?.expired ? 'The organization code expired.' : NO_CODE}</Text>
        )}
        <form onSubmit={submit} noValidate aria-label="Rotate the organization code">
          <Group align="flex-end" gap="sm">
            <DateInput
              withTime
              valueFormat="YYYY-MM-DD HH:mm"
              clearable
              clearButtonProps={CLEAR_BUTTON}
              label="Expires (optional)"
              description="Leave empty for a code that does not expire."
              {...form.getInputProps('expires_at')}
              value={form.values.expires_at || null}
              onChange={(value) => form.setFieldValue('expires_at', value ?? '')}
            />
            <Button
              type="submit"
              kind="primary"
              loading={rotate.isPending}
              leftSection={<IconRefresh size={16} aria-hidden />}
            >
              {data?.code ? 'Rotate code' : 'Make a code'}
            </Button>
          </Group>
        </form>
      </Stack>
    </Card>
  );
}

export { PrivateCodeRoute as Component };
