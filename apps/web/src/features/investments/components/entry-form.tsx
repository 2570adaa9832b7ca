import { NumberInput, Stack, TextInput } from '@mantine/core';
import {
  ASSET_CLASS_LABELS,
  ASSET_CLASSES,
  COMMITMENT_CURRENCIES,
  DEFAULT_CURRENCY,
  FUND_NAME_MAX,
  ORGANIZATION_CODE_MAX,
  portfolioEntryAddFormSchema,
  portfolioEntryEditFormSchema,
  type TPortfolioEntry,
  type TPortfolioEntryAddForm,
  type TPortfolioEntryEditForm,
  VINTAGE_MIN,
  vintageMax,
} from '@parity/domain/investments';
import { useState } from 'react';
import { showAlert } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { applyApiErrors } from '../../../components/form/api-errors';
import { FormError } from '../../../components/form/form-error';
import { ReadOnlyField } from '../../../components/form/read-only-field';
import { focusFirstError, useSchemaForm } from '../../../components/form/use-schema-form';
import { Select } from '../../../components/select/select';
import { useCreateEntry, useManagerCandidates, useUpdateEntry } from '../api/portfolio';

const ASSET_CLASS_OPTIONS = ASSET_CLASSES.map((value) => ({ value, label: ASSET_CLASS_LABELS[value] }));
const CURRENCY_OPTIONS = COMMITMENT_CURRENCIES.map((value) => ({ value, label: value }));

type FundValues = TPortfolioEntryEditForm & Record<string, unknown>;

/** The fund's fields, shared by both dialogs. */
function FundFields<Values extends FundValues>({ form }: { form: ReturnType<typeof useSchemaForm<Values>> }) {
  const currency = String(form.getValues().currency);
  return (
    <>
      <TextInput
        label="Fund name"
        required
        maxLength={FUND_NAME_MAX}
        data-path="fund_name"
        {...form.getInputProps('fund_name')}
      />
      <NumberInput
        label="Vintage (year)"
        required
        min={VINTAGE_MIN}
        max={vintageMax()}
        allowDecimal={false}
        data-path="vintage"
        {...form.getInputProps('vintage')}
      />
      <Select
        label="Asset class"
        required
        data={ASSET_CLASS_OPTIONS}
        allowDeselect={false}
        data-path="asset_class"
        {...form.getInputProps('asset_class')}
      />
      <Select
        label="Currency"
        required
        data={CURRENCY_OPTIONS}
        allowDeselect={false}
        data-path="currency"
        {...form.getInputProps('currency')}
      />
      <NumberInput
        label={`Commitment (${currency})`}
        description="The amount committed to the fund, 0 or more, in the currency above."
        required
        decimalScale={2}
        thousandSeparator=","
        data-path="commitment"
        {...form.getInputProps('commitment')}
      />
    </>
  );
}

/** Add manager: a manager picked among the public organizations and those sharing with us, or its code. */
export function AddEntryForm({ onDone }: { onDone: () => void }) {
  const create = useCreateEntry();
  const [search, setSearch] = useState('');
  const candidates = useManagerCandidates(search);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useSchemaForm<TPortfolioEntryAddForm>(portfolioEntryAddFormSchema, {
    initialValues: {
      manager_organization_id: null,
      organization_code: '',
      fund_name: '',
      vintage: new Date().getUTCFullYear(),
      commitment: 0,
      currency: DEFAULT_CURRENCY,
      asset_class: 'private_equity',
    },
  });
  const managerId = form.getValues().manager_organization_id;
  const options = (candidates.data?.data ?? []).map((o) => ({
    value: String(o.id),
    label: o.shared ? `${o.name} (shares with you)` : o.name,
  }));

  const submit = form.onSubmit((values) => {
    setFormError(null);
    const { manager_organization_id, organization_code, ...fund } = portfolioEntryAddFormSchema.parse(values);
    create.mutate(
      manager_organization_id !== null
        ? { ...fund, manager_organization_id }
        : { ...fund, organization_code: organization_code },
      {
        onSuccess: (entry) => {
          onDone();
          showAlert(
            'success',
            'Manager added',
            `${entry.manager.name}: ${entry.fund_name} is in the portfolio.`,
          );
        },
        onError: (error) => setFormError(applyApiErrors(error, form, { focus: true })),
      },
    );
  }, focusFirstError);

  return (
    <form onSubmit={submit} noValidate aria-label="Add manager">
      <Stack gap="md">
        <FormError title="The manager could not be added">{formError}</FormError>
        <Select
          label="Manager"
          description="Public organizations, and those that share their profile with you."
          placeholder="Search by name"
          searchable
          clearable
          nothingFoundMessage={candidates.isFetching ? 'Searching…' : 'No organization found'}
          searchValue={search}
          onSearchChange={setSearch}
          data={options}
          data-path="manager_organization_id"
          value={managerId === null ? null : String(managerId)}
          error={form.errors.manager_organization_id}
          onChange={(value) => form.setFieldValue('manager_organization_id', value ? Number(value) : null)}
        />
        <TextInput
          label="Or its organization code"
          description="For a private organization: the code it gave you."
          maxLength={ORGANIZATION_CODE_MAX}
          data-path="organization_code"
          {...form.getInputProps('organization_code')}
        />
        <FundFields form={form} />
        <Button type="submit" loading={create.isPending} style={{ alignSelf: 'flex-end' }}>
          Add manager
        </Button>
      </Stack>
    </form>
  );
}

/** Edit a fund of the portfolio (its manager stays). */
export function EditEntryForm({ entry, onDone }: { entry: TPortfolioEntry; onDone: () => void }) {
  const update = useUpdateEntry(entry.id);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useSchemaForm<TPortfolioEntryEditForm>(portfolioEntryEditFormSchema, {
    initialValues: {
      fund_name: entry.fund_name,
      vintage: entry.vintage,
      commitment: entry.commitment,
      currency: entry.currency,
      asset_class: entry.asset_class,
    },
  });
  const submit = form.onSubmit((values) => {
    setFormError(null);
    update.mutate(portfolioEntryEditFormSchema.parse(values), {
      onSuccess: () => {
        onDone();
        showAlert('success', 'Fund updated', `${entry.manager.name}: ${values.fund_name} is saved.`);
      },
      onError: (error) => setFormError(applyApiErrors(error, form, { focus: true })),
    });
  }, focusFirstError);

  return (
    <form onSubmit={submit} noValidate aria-label={`Edit ${entry.fund_name}`}>
      <Stack gap="md">
        <FormError title="The fund could not be saved">{formError}</FormError>
        <ReadOnlyField label="Manager" value={entry.manager.name} />
        <FundFields form={form} />
        <Button type="submit" loading={update.isPending} style={{ alignSelf: 'flex-end' }}>
          Save
        </Button>
      </Stack>
    </form>
  );
}
