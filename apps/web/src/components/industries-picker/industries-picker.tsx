import { Alert, Fieldset, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import {
  GLOBAL_INDUSTRY_KEYS,
  type TGlobalIndustry,
  type TGlobalIndustryKey,
  type TGlobalIndustryType,
} from '@parity/domain/dictionaries';
import { setIdentifier, type TIdentifiers } from '@parity/domain/identifiers';
import { type ReactNode, useId, useMemo } from 'react';
import { useDictionary } from '../../lib/dictionaries';
import { ReadOnlyField } from '../form/read-only-field';
import { PickerTags } from '../picker-tags/picker-tags';
import { Select } from '../select/select';

export type { TIdentifiers };

export interface IndustriesPickerProps {
  value: TIdentifiers;
  onChange: (value: TIdentifiers) => void;
  disabled?: boolean;
  /** Each chosen industry as text (a read-only form), not a disabled list. */
  readOnly?: boolean;
  error?: ReactNode;
  /** The fieldset's legend; default 'Global Industries'. */
  label?: string;
}

/** Which key a key's options hang under (sector -> industry -> sub-industry). */
export const IDENTIFIER_PARENT: Readonly<Partial<Record<TGlobalIndustryKey, TGlobalIndustryKey>>> = {
  gi_industry_id: 'gi_sector_id',
  gi_sub_industry_id: 'gi_industry_id',
};

/** Used when the types dictionary has no name for a key. */
const FALLBACK_LABELS: Record<TGlobalIndustryKey, string> = {
  gi_sector_id: 'Sector',
  gi_industry_id: 'Industry',
  gi_sub_industry_id: 'Sub-industry',
  gi_aum: 'Assets under management',
  gi_investment_vehicle_id: 'Investment vehicle',
  gi_asset_class_id: 'Asset class',
  gi_strategy_id: 'Strategy',
};

interface Field {
  key: TGlobalIndustryKey;
  label: string;
  options: { value: string; label: string }[];
  parentKey: TGlobalIndustryKey | undefined;
  parentLabel: string | undefined;
}

/** The options of every key: children only under the chosen parent. */
export function buildIndustryFields(
  nodes: readonly TGlobalIndustry[],
  types: readonly TGlobalIndustryType[],
  value: TIdentifiers,
): Field[] {
  const typeOf = new Map(types.map((t) => [t.key, t]));
  const labelOf = (key: TGlobalIndustryKey) => typeOf.get(key)?.name ?? FALLBACK_LABELS[key];
  return GLOBAL_INDUSTRY_KEYS.map((key) => {
    const type = typeOf.get(key);
    const parentKey = IDENTIFIER_PARENT[key];
    const parentId = parentKey ? (value[parentKey] ?? null) : null;
    const options = type
      ? nodes
          .filter(
            (n) => n.type_id === type.id && (!parentKey || (parentId !== null && n.parent_id === parentId)),
          )
          .map((n) => ({ value: String(n.id), label: n.name }))
      : [];
    return {
      key,
      label: labelOf(key),
      options,
      parentKey,
      parentLabel: parentKey ? labelOf(parentKey) : undefined,
    };
  });
}

/**
 * The organization's global industries (spec 3 "identifiers"): sector -> industry ->
 * sub-industry (each list filtered by its parent; changing a parent clears what hangs under it)
 * and the flat lists (AUM, investment vehicle, asset class, strategy), with the choices
 * summarised as picker tags.
 */
export function IndustriesPicker({
  value,
  onChange,
  disabled,
  readOnly = false,
  error,
  label = 'Global Industries',
}: IndustriesPickerProps) {
  const nodes = useDictionary('globalIndustryHierarchy');
  const types = useDictionary('globalIndustryHierarchyTypes');
  const errorId = useId();
  const fields = useMemo(
    () => (nodes.data && types.data ? buildIndustryFields(nodes.data, types.data, value) : []),
    [nodes.data, types.data, value],
  );
  const byId = useMemo(() => new Map((nodes.data ?? []).map((n) => [n.id, n.name])), [nodes.data]);
  const nameOf = (key: TGlobalIndustryKey) => {
    const id = value[key];
    return id == null ? undefined : byId.get(id);
  };
  const names = GLOBAL_INDUSTRY_KEYS.flatMap((key) => nameOf(key) ?? []);

  const failed = nodes.isError || types.isError;
  const loading = !failed && (nodes.isPending || types.isPending);

  if (readOnly) {
    return (
      <Fieldset legend={label}>
        {failed ? (
          <Alert color="danger" variant="light" role="alert">
            Global industries could not be loaded.
          </Alert>
        ) : loading ? (
          <Skeleton height={56} role="status" aria-busy="true" aria-label="Loading global industries" />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {fields.map((field) => (
              <ReadOnlyField key={field.key} label={field.label} value={nameOf(field.key)} />
            ))}
          </SimpleGrid>
        )}
      </Fieldset>
    );
  }

  return (
    <Fieldset legend={label} disabled={disabled} aria-describedby={error ? errorId : undefined}>
      <Stack gap="sm">
        <PickerTags names={names} label={`Selected ${label.toLowerCase()}`} emptyText="None selected" />
        {failed && (
          <Alert color="danger" variant="light" role="alert">
            Global industries could not be loaded.
          </Alert>
        )}
        {loading && (
          <SimpleGrid
            cols={{ base: 1, sm: 2 }}
            role="status"
            aria-busy="true"
            aria-label="Loading global industries"
          >
            {GLOBAL_INDUSTRY_KEYS.map((key) => (
              <Skeleton key={key} height={56} />
            ))}
          </SimpleGrid>
        )}
        {!loading && !failed && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {fields.map((field) => {
              const waiting = field.parentKey !== undefined && value[field.parentKey] == null;
              const current = value[field.key];
              return (
                <Select
                  key={field.key}
                  label={field.label}
                  data={field.options}
                  value={current == null ? null : String(current)}
                  onChange={(next) =>
                    onChange(setIdentifier(value, field.key, next === null ? null : Number(next)))
                  }
                  placeholder={waiting ? `Choose a ${field.parentLabel?.toLowerCase()} first` : 'Empty'}
                  disabled={disabled || waiting}
                  searchable
                  clearable
                  nothingFoundMessage="Nothing found"
                  allowDeselect
                  data-key={field.key}
                />
              );
            })}
          </SimpleGrid>
        )}
        {error && (
          <Text id={errorId} c="danger" size="sm" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}
