import { NumberInput, Switch, TextInput } from '@mantine/core';
import type { TIdentifiers } from '@parity/domain/identifiers';
import type { TFormInput } from '@parity/domain/lpi/forms';
import type { TAddressFound } from '@parity/domain/places';
import { AddressSearch } from '../../../../components/address-search/address-search';
import { DateField } from '../../../../components/form/date-field';
import { ReadOnlyField, type ReadOnlyValue } from '../../../../components/form/read-only-field';
import { IndustriesPicker } from '../../../../components/industries-picker/industries-picker';
import { PhoneInput } from '../../../../components/phone-input/phone-input';
import { Select } from '../../../../components/select/select';

export interface FormInputProps {
  input: TFormInput;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string | undefined;
  readOnly: boolean;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const numberOrNull = (v: string | number) => (typeof v === 'number' ? v : v === '' ? null : Number(v));

/** An answer as a read-only form shows it: option names, Yes/No, a percentage, an address. */
function answerValue(input: TFormInput, value: unknown): ReadOnlyValue {
  switch (input.type) {
    case 'select':
      return value === null || value === undefined
        ? null
        : (input.options?.find((o) => String(o.id) === String(value))?.name ?? String(value));
    case 'switch':
      return typeof value === 'boolean' ? value : null;
    case 'percentage':
      return typeof value === 'number' ? `${value}%` : null;
    case 'number':
      return typeof value === 'number' ? value : null;
    case 'address':
      return (value as TAddressFound | null)?.description ?? null;
    default:
      return text(value);
  }
}

/** One input of a generated form, by its type (spec 3 Forms); read only, its answer as text. */
export function FormInput({ input, value, onChange, error, readOnly }: FormInputProps) {
  if (readOnly) {
    return input.type === 'industries' ? (
      <IndustriesPicker
        label={input.label}
        value={(value as TIdentifiers | null) ?? {}}
        onChange={onChange}
        readOnly
      />
    ) : (
      <ReadOnlyField label={input.label} value={answerValue(input, value)} description={input.help} />
    );
  }
  const common = {
    label: input.label,
    description: input.help ?? undefined,
    required: input.required,
    error,
  };
  switch (input.type) {
    case 'select': {
      const options = input.options ?? [];
      return (
        <Select
          {...common}
          data={options.map((o) => ({ value: String(o.id), label: o.name }))}
          value={value === null || value === undefined ? null : String(value)}
          onChange={(v) => onChange(v === null ? null : (options.find((o) => String(o.id) === v)?.id ?? v))}
          clearable={!input.required}
        />
      );
    }
    case 'switch':
      return (
        <Switch
          label={input.label}
          description={common.description}
          error={error}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    case 'date':
      return (
        <DateField
          {...common}
          clearable={!input.required}
          value={text(value) || null}
          onChange={(day) => onChange(day || null)}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => onChange(numberOrNull(v))}
        />
      );
    case 'percentage':
      return (
        <NumberInput
          {...common}
          min={0}
          max={100}
          suffix="%"
          decimalScale={2}
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => onChange(numberOrNull(v))}
        />
      );
    case 'url':
      return (
        <TextInput
          {...common}
          type="url"
          value={text(value)}
          onChange={(e) => onChange(e.currentTarget.value || null)}
        />
      );
    case 'phone':
      return (
        <PhoneInput
          label={input.label}
          required={input.required}
          value={text(value)}
          onChange={(v) => onChange(v || null)}
          error={error}
        />
      );
    case 'address':
      return (
        <AddressSearch
          label={input.label}
          value={(value as TAddressFound | null) ?? null}
          onChange={(v) => onChange(v)}
          error={error}
        />
      );
    case 'industries':
      return (
        <IndustriesPicker
          label={input.label}
          value={(value as TIdentifiers | null) ?? {}}
          onChange={(v) => onChange(v)}
          error={error}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          value={text(value)}
          onChange={(e) => onChange(e.currentTarget.value || null)}
        />
      );
  }
}
