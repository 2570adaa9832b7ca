import { Fieldset, Radio, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { TMetaAddress, TOverviewValues } from '@parity/domain/lpi/overview';
import { OVERVIEW_LABELS } from '@parity/domain/lpi/overview';
import { canBePubliclyTraded, normaliseOrganizationForm } from '@parity/domain/organization-form';
import type { TMember } from '@parity/domain/signup';
import { AddressSearch } from '../../../../components/address-search/address-search';
import { DateField } from '../../../../components/form/date-field';
import { ReadOnlyField } from '../../../../components/form/read-only-field';
import { IndustriesPicker } from '../../../../components/industries-picker/industries-picker';
import { OrganizationCountFields } from '../../../../components/organization-count-fields/organization-count-fields';
import { PhoneInput } from '../../../../components/phone-input/phone-input';
import { Select } from '../../../../components/select/select';
import { formatDate } from '../../../../lib/dates';
import { useDictionary } from '../../../../lib/dictionaries';

export type OverviewErrors = Partial<Record<keyof TOverviewValues, string>>;

export interface OverviewFormProps {
  value: TOverviewValues;
  onChange: (next: TOverviewValues, field: keyof TOverviewValues) => void;
  /** the messages to show, by field */
  errors: OverviewErrors;
  addresses: TMetaAddress[];
  members: TMember[];
  /** The saved primary contact's name (the API's), for a contact not among the members listed. */
  primaryContactName: string | null;
  readOnly: boolean;
}

/** Applies the fixed counts of a legal structure and clears publicly traded where it cannot be. */
export const normaliseOverview = (values: TOverviewValues): TOverviewValues =>
  normaliseOrganizationForm(values);

/**
 * The Overview form (spec 3 "Overview form"): legal structure, publicly traded (structure 1 only),
 * inception date, ticker, the three head counts (fixed for some structures), primary contact,
 * website, phone, the primary address (a found one, or one of the existing ones) and the global
 * industries. Messages come from the shared domain rules.
 */
export function OverviewForm({
  value,
  onChange,
  errors,
  addresses,
  members,
  primaryContactName,
  readOnly,
}: OverviewFormProps) {
  const legalStructures = useDictionary('legalStructures');
  const set = <K extends keyof TOverviewValues>(field: K, next: TOverviewValues[K]) =>
    onChange(normaliseOverview({ ...value, [field]: next }), field);
  const L = OVERVIEW_LABELS;
  const legal = value.legal_structure ?? null;
  const contactOptions = members.map((m) => ({
    value: String(m.id),
    label: `${m.name} ${m.lastname}`.trim(),
  }));
  if (value.primary_contact_id && !contactOptions.some((o) => o.value === String(value.primary_contact_id))) {
    contactOptions.push({
      value: String(value.primary_contact_id),
      label: primaryContactName ?? 'A former member',
    });
  }
  const officeAddress =
    value.office_address_found?.description ??
    addresses.find((a) => a.id === value.office_address_id)?.address ??
    null;

  if (readOnly) {
    return (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <ReadOnlyField
            label={L.legal_structure}
            value={(legalStructures.data ?? []).find((s) => s.id === legal)?.name ?? null}
          />
          <ReadOnlyField label={L.is_publicly_traded} value={Boolean(value.is_publicly_traded)} />
          <ReadOnlyField
            label={L.inception_date}
            value={value.inception_date && formatDate(value.inception_date)}
          />
          <ReadOnlyField label={L.ticker_symbol} value={value.ticker_symbol} />
          <OrganizationCountFields
            labels={L}
            legalStructure={legal}
            publiclyTraded={Boolean(value.is_publicly_traded)}
            values={value}
            errors={errors}
            readOnly
            onChange={(field, count) => set(field, count)}
          />
          <ReadOnlyField
            label={L.primary_contact_id}
            value={contactOptions.find((o) => o.value === String(value.primary_contact_id))?.label ?? null}
          />
          <ReadOnlyField label={L.website} value={value.website} />
          <ReadOnlyField label={L.primary_phone} value={value.primary_phone} />
          <ReadOnlyField label={L.office_address_found} value={officeAddress} />
        </SimpleGrid>
        <IndustriesPicker
          value={value.identifiers ?? {}}
          onChange={(identifiers) => set('identifiers', identifiers)}
          readOnly
        />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label={L.legal_structure}
          required
          data={(legalStructures.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          value={legal === null ? null : String(legal)}
          onChange={(v) => set('legal_structure', v ? Number(v) : null)}
          error={errors.legal_structure}
          allowDeselect={false}
        />
        <Switch
          label="Publicly traded"
          checked={Boolean(value.is_publicly_traded)}
          onChange={(e) => set('is_publicly_traded', e.currentTarget.checked)}
          disabled={!canBePubliclyTraded(legal)}
          error={errors.is_publicly_traded}
          mt={{ sm: 'xl' }}
        />
        <DateField
          label={L.inception_date}
          required
          value={value.inception_date ?? null}
          onChange={(day) => set('inception_date', day)}
          error={errors.inception_date}
        />
        <TextInput
          label={L.ticker_symbol}
          required={Boolean(value.is_publicly_traded)}
          value={value.ticker_symbol ?? ''}
          onChange={(e) => set('ticker_symbol', e.currentTarget.value)}
          error={errors.ticker_symbol}
        />
        <OrganizationCountFields
          labels={L}
          legalStructure={legal}
          publiclyTraded={Boolean(value.is_publicly_traded)}
          values={value}
          errors={errors}
          onChange={(field, count) => set(field, count)}
        />
        <Select
          label={L.primary_contact_id}
          required
          searchable
          data={contactOptions}
          value={value.primary_contact_id ? String(value.primary_contact_id) : null}
          onChange={(v) => set('primary_contact_id', v ? Number(v) : null)}
          error={errors.primary_contact_id}
          nothingFoundMessage="No approved members"
        />
        <TextInput
          type="url"
          label={L.website}
          value={value.website ?? ''}
          onChange={(e) => set('website', e.currentTarget.value)}
          error={errors.website}
        />
        <PhoneInput
          label={L.primary_phone}
          value={value.primary_phone ?? ''}
          onChange={(text) => set('primary_phone', text)}
          error={errors.primary_phone}
        />
      </SimpleGrid>

      <Fieldset legend="Office address">
        <Stack gap="sm">
          <AddressSearch
            label={L.office_address_found}
            value={value.office_address_found ?? null}
            onChange={(found) => onChange({ ...value, office_address_found: found }, 'office_address_found')}
            error={errors.office_address_found}
          />
          {addresses.length > 0 && (
            <Radio.Group
              label="Existing addresses"
              description={
                value.office_address_found
                  ? 'The address found above will become the primary address.'
                  : 'Choose the primary address.'
              }
              value={
                value.office_address_found
                  ? null
                  : value.office_address_id
                    ? String(value.office_address_id)
                    : null
              }
              onChange={(v) =>
                onChange(
                  { ...value, office_address_id: Number(v), office_address_found: null },
                  'office_address_id',
                )
              }
            >
              <Stack gap={4} mt="xs">
                {addresses.map((a) => (
                  <Radio key={a.id} value={String(a.id)} label={a.address} />
                ))}
              </Stack>
            </Radio.Group>
          )}
          {addresses.length === 0 && !value.office_address_found && (
            <Text size="sm" c="dimmed">
              No office address yet.
            </Text>
          )}
        </Stack>
      </Fieldset>

      <IndustriesPicker
        value={value.identifiers ?? {}}
        onChange={(identifiers) => set('identifiers', identifiers)}
        error={errors.identifiers}
      />
    </Stack>
  );
}
