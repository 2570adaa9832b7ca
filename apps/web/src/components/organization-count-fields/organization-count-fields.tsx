import { NumberInput } from '@mantine/core';
import { COUNT_FIELDS, countRule, type TCountField } from '@parity/domain/organization-form';
import type { ReactNode } from 'react';
import { ReadOnlyField } from '../form/read-only-field';

export interface OrganizationCountFieldsProps {
  labels: Record<TCountField, string>;
  legalStructure: number | null;
  publiclyTraded: boolean;
  values: Partial<Record<TCountField, number | null>>;
  errors: Partial<Record<TCountField, ReactNode>>;
  readOnly?: boolean;
  onChange: (field: TCountField, value: number) => void;
}

/**
 * The three head counts of the organization and overview forms (spec 5): required, or fixed and
 * disabled, by legal structure; read only, each count as text.
 */
export function OrganizationCountFields(props: OrganizationCountFieldsProps) {
  return COUNT_FIELDS.map((field) => {
    const rule = countRule(field, props.legalStructure, props.publiclyTraded);
    if (props.readOnly) {
      return (
        <ReadOnlyField
          key={field}
          label={props.labels[field]}
          value={rule.fixed ?? props.values[field] ?? 0}
        />
      );
    }
    return (
      <NumberInput
        key={field}
        label={props.labels[field]}
        required={rule.required}
        min={0}
        allowDecimal={false}
        allowNegative={false}
        value={rule.fixed ?? props.values[field] ?? 0}
        onChange={(v) => props.onChange(field, typeof v === 'number' ? v : v === '' ? 0 : Number(v))}
        error={props.errors[field]}
        disabled={rule.fixed !== null}
      />
    );
  });
}
