import { Checkbox, MultiSelect, Stack, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  defaultExpiry,
  EXCHANGE_MESSAGE_MAX,
  type TGrantCreate,
  type TRequestAccept,
  type TRequestCreate,
  todayIso,
  ZGrantCreate,
  ZRequestAccept,
  ZRequestCreate,
} from '@parity/domain/exchange';
import { TAB_KEYS, TAB_TITLES, type TTabKey } from '@parity/domain/lpi/tabs';
import { useState } from 'react';
import { showAlert } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { applyApiErrors } from '../../../components/form/api-errors';
import { DateField } from '../../../components/form/date-field';
import { FormError } from '../../../components/form/form-error';
import { focusFirstError, useSchemaForm } from '../../../components/form/use-schema-form';
import { Select } from '../../../components/select/select';
import { formatDate } from '../../../lib/dates';
import { useAcceptRequest, useCreateGrant, useCreateRequest, useOrganizationOptions } from '../api/exchange';

const TAB_OPTIONS = TAB_KEYS.map((key) => ({ value: key, label: TAB_TITLES[key] }));

/** A type-ahead over the organization directory; the chosen organization's id. */
function OrganizationPicker({
  label,
  error,
  onChange,
}: {
  label: string;
  error?: string;
  onChange: (id: number | null) => void;
}) {
  const [search, setSearch] = useState('');
  const [value, setValue] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(search, 250);
  const organizations = useOrganizationOptions(debounced);
  return (
    <Select
      label={label}
      required
      searchable
      placeholder="Type to search organizations"
      searchValue={search}
      onSearchChange={setSearch}
      data={(organizations.data?.data ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next === null ? null : Number(next));
      }}
      error={error}
      data-path="organization"
      nothingFoundMessage={organizations.isFetching ? 'Searching…' : 'No organization found'}
    />
  );
}

/** Everything, or chosen tabs: null while "every tab" is ticked. */
function TabsField({
  value,
  error,
  onChange,
  verb,
}: {
  value: TTabKey[] | null;
  error?: string;
  onChange: (tabs: TTabKey[] | null) => void;
  verb: string;
}) {
  return (
    <Stack gap={6}>
      <Checkbox
        label={`${verb} every tab of the profile`}
        checked={value === null}
        onChange={(event) => onChange(event.currentTarget.checked ? null : [])}
      />
      {value !== null ? (
        <MultiSelect
          label="Tabs"
          placeholder="Choose tabs"
          data={TAB_OPTIONS}
          value={value}
          onChange={(tabs) => onChange(tabs as TTabKey[])}
          error={error}
          data-path="tabs"
          searchable
        />
      ) : null}
    </Stack>
  );
}

function ExpiryField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  onChange: (v: string) => void;
}) {
  return (
    <DateField
      label="Access until"
      description="The last day the investor may read the profile (default: a year from today)."
      required
      minDate={todayIso()}
      value={value || null}
      onChange={(next) => onChange(typeof next === 'string' ? next : '')}
      error={error}
      data-path="expires_on"
    />
  );
}

type GrantValues = { investor_organization_id: number | null; tabs: TTabKey[] | null; expires_on: string };

/** Share my organization's profile with an investor organization (its admins). */
export function GrantForm({ onDone }: { onDone: () => void }) {
  const create = useCreateGrant();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useSchemaForm<GrantValues, TGrantCreate>(ZGrantCreate, {
    initialValues: { investor_organization_id: null, tabs: null, expires_on: defaultExpiry() },
    transformValues: (values) => ZGrantCreate.parse(values),
  });
  const submit = form.onSubmit((body) => {
    setFormError(null);
    create.mutate(body, {
      onSuccess: (grant) => {
        showAlert(
          'success',
          'Profile shared',
          `${grant.investor.name} may read it until ${formatDate(grant.expires_on)}.`,
        );
        onDone();
      },
      onError: (error) => setFormError(applyApiErrors(error, form)),
    });
  }, focusFirstError);
  return (
    <form onSubmit={submit} noValidate aria-label="Share the profile">
      <Stack gap="sm">
        <FormError title="The profile could not be shared">{formError}</FormError>
        <OrganizationPicker
          label="Investor organization"
          error={form.errors.investor_organization_id as string | undefined}
          onChange={(id) => form.setFieldValue('investor_organization_id', id)}
        />
        <TabsField
          verb="Share"
          value={form.values.tabs}
          error={form.errors.tabs as string | undefined}
          onChange={(tabs) => form.setFieldValue('tabs', tabs)}
        />
        <ExpiryField
          value={form.values.expires_on}
          error={form.errors.expires_on as string | undefined}
          onChange={(value) => form.setFieldValue('expires_on', value)}
        />
        <Button type="submit" loading={create.isPending}>
          Share
        </Button>
      </Stack>
    </form>
  );
}

type AcceptValues = { tabs: TTabKey[] | null; expires_on: string };

/** Accept an access request: the tabs (those asked for, to start with) and the expiry. */
export function AcceptForm({
  requestId,
  asked,
  onDone,
}: {
  requestId: number;
  asked: TTabKey[] | null;
  onDone: () => void;
}) {
  const accept = useAcceptRequest();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useSchemaForm<AcceptValues, TRequestAccept>(ZRequestAccept, {
    initialValues: { tabs: asked, expires_on: defaultExpiry() },
    transformValues: (values) => ZRequestAccept.parse(values),
  });
  const submit = form.onSubmit((body) => {
    setFormError(null);
    accept.mutate(
      { requestId, body },
      {
        onSuccess: (request) => {
          showAlert('success', 'Request accepted', `${request.investor.name} may now read the profile.`);
          onDone();
        },
        onError: (error) => setFormError(applyApiErrors(error, form)),
      },
    );
  }, focusFirstError);
  return (
    <form onSubmit={submit} noValidate aria-label="Accept the request">
      <Stack gap="sm">
        <FormError title="The request could not be accepted">{formError}</FormError>
        <TabsField
          verb="Share"
          value={form.values.tabs}
          error={form.errors.tabs as string | undefined}
          onChange={(tabs) => form.setFieldValue('tabs', tabs)}
        />
        <ExpiryField
          value={form.values.expires_on}
          error={form.errors.expires_on as string | undefined}
          onChange={(value) => form.setFieldValue('expires_on', value)}
        />
        <Button type="submit" loading={accept.isPending}>
          Accept and share
        </Button>
      </Stack>
    </form>
  );
}

type RequestValues = { owner_organization_id: number | null; message: string; tabs: TTabKey[] | null };

/** Ask an organization for access to its profile (an investor's admins and survey hosts). */
export function RequestForm({ onDone }: { onDone: () => void }) {
  const create = useCreateRequest();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useSchemaForm<RequestValues, TRequestCreate>(ZRequestCreate, {
    initialValues: { owner_organization_id: null, message: '', tabs: null },
    transformValues: (values) => ZRequestCreate.parse(values),
  });
  const submit = form.onSubmit((body) => {
    setFormError(null);
    create.mutate(body, {
      onSuccess: (request) => {
        showAlert('success', 'Request sent', `The admins of ${request.owner.name} are asked to answer it.`);
        onDone();
      },
      onError: (error) => setFormError(applyApiErrors(error, form)),
    });
  }, focusFirstError);
  return (
    <form onSubmit={submit} noValidate aria-label="Request access">
      <Stack gap="sm">
        <FormError title="The request could not be sent">{formError}</FormError>
        <OrganizationPicker
          label="Organization"
          error={form.errors.owner_organization_id as string | undefined}
          onChange={(id) => form.setFieldValue('owner_organization_id', id)}
        />
        <TabsField
          verb="Ask for"
          value={form.values.tabs}
          error={form.errors.tabs as string | undefined}
          onChange={(tabs) => form.setFieldValue('tabs', tabs)}
        />
        <Textarea
          label="Message (optional)"
          autosize
          minRows={3}
          maxLength={EXCHANGE_MESSAGE_MAX}
          {...form.getInputProps('message')}
          data-path="message"
        />
        <Text size="xs" c="dimmed">
          {form.values.message.length} / {EXCHANGE_MESSAGE_MAX} characters
        </Text>
        <Button type="submit" loading={create.isPending}>
          Send request
        </Button>
      </Stack>
    </form>
  );
}
