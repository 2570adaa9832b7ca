import { CloseButton, Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { PLACES_QUERY_MAX, PLACES_QUERY_MIN, type TAddressFound } from '@parity/domain/places';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  getPlaceDetails,
  placeDetailsQueryKey,
  placeSuggestionsQueryKey,
  searchPlaces,
  usePlacesConfig,
} from './places-api';

export type { TAddressFound };

/** Suggestions are asked for this long after the last key. */
export const ADDRESS_SEARCH_DEBOUNCE_MS = 300;
export const ADDRESS_NO_MATCH = 'No matching places';
export const ADDRESS_UNAVAILABLE = 'Address search is unavailable right now';

export interface AddressSearchProps {
  label?: string;
  value: TAddressFound | null;
  onChange: (value: TAddressFound | null) => void;
  error?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  placeholder?: string;
}

/**
 * Address search (spec 3 "office_address_found"): a combobox asking GET /api/places/autocomplete
 * 300 ms after the last key (2 characters or more); choosing a suggestion (mouse, or arrows and
 * Enter; the highlighted one is announced through aria-activedescendant) loads its details and sets the value; editing the text clears the value until a
 * suggestion is chosen again.
 */
export function AddressSearch({
  label,
  value,
  onChange,
  error,
  disabled,
  required,
  placeholder = 'Start typing a street and city',
}: AddressSearchProps) {
  const queryClient = useQueryClient();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState(value?.description ?? '');
  const [loadingDetails, setLoadingDetails] = useState(false);
  const clearedByTyping = useRef(false);

  // A value set from outside (a loaded form, a reset) replaces the text.
  useEffect(() => {
    if (value) setSearch(value.description);
    else if (!clearedByTyping.current) setSearch('');
    clearedByTyping.current = false;
  }, [value]);

  const [debounced] = useDebouncedValue(search.trim().slice(0, PLACES_QUERY_MAX), ADDRESS_SEARCH_DEBOUNCE_MS);
  const searching = debounced.length >= PLACES_QUERY_MIN && debounced !== value?.description;
  const suggestions = useQuery({
    queryKey: placeSuggestionsQueryKey(debounced),
    queryFn: ({ signal }) => searchPlaces(debounced, signal),
    enabled: searching && !disabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const config = usePlacesConfig();

  useEffect(() => {
    if (suggestions.isError) console.error('Address search failed', suggestions.error);
  }, [suggestions.isError, suggestions.error]);

  const choose = async (placeId: string) => {
    const suggestion = suggestions.data?.find((s) => s.place_id === placeId);
    if (!suggestion) return;
    setSearch(suggestion.description);
    combobox.closeDropdown();
    setLoadingDetails(true);
    let details = null;
    try {
      details = await queryClient.fetchQuery({
        queryKey: placeDetailsQueryKey(placeId),
        queryFn: () => getPlaceDetails(placeId),
        staleTime: Number.POSITIVE_INFINITY,
      });
    } catch (failure) {
      console.error('Failed to load place details', failure);
    } finally {
      setLoadingDetails(false);
    }
    onChange({ place_id: suggestion.place_id, description: suggestion.description, details });
  };

  const clear = () => {
    setSearch('');
    onChange(null);
  };

  const typed = search.trim().length >= PLACES_QUERY_MIN;
  const options = suggestions.data ?? [];
  let status: string | null = null;
  if (suggestions.isError) status = ADDRESS_UNAVAILABLE;
  else if (suggestions.isFetching || debounced !== search.trim())
    status = options.length ? null : 'Searching…';
  else if (suggestions.isSuccess && !options.length) status = ADDRESS_NO_MATCH;

  const busy = loadingDetails || (suggestions.isFetching && typed);
  const rightSection = busy ? (
    <Loader size="xs" aria-label="Loading" />
  ) : value && !disabled ? (
    <CloseButton
      size="sm"
      aria-label="Clear address"
      onMouseDown={(e) => e.preventDefault()}
      onClick={clear}
    />
  ) : null;

  return (
    <Combobox store={combobox} onOptionSubmit={(placeId) => void choose(placeId)}>
      <Combobox.Target withExpandedAttribute>
        <TextInput
          role="combobox"
          aria-autocomplete="list"
          label={label}
          required={required}
          disabled={disabled}
          error={error}
          aria-invalid={error ? true : undefined}
          placeholder={placeholder}
          value={search}
          maxLength={PLACES_QUERY_MAX}
          autoComplete="off"
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            if (value) {
              clearedByTyping.current = true;
              onChange(null);
            }
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          rightSection={rightSection}
          rightSectionPointerEvents={busy ? 'none' : 'all'}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!typed || (search.trim() === value?.description && !options.length)}>
        <Combobox.Options aria-label={label ? `${label} suggestions` : 'Address suggestions'}>
          {options.map((suggestion) => (
            <Combobox.Option
              value={suggestion.place_id}
              key={suggestion.place_id}
              aria-label={suggestion.description}
            >
              <Text size="sm">{suggestion.main_text}</Text>
              {suggestion.secondary_text && (
                <Text size="xs" c="dimmed">
                  {suggestion.secondary_text}
                </Text>
              )}
            </Combobox.Option>
          ))}
          {status && <Combobox.Empty>{status}</Combobox.Empty>}
        </Combobox.Options>
        {config.data?.google_places && (
          <Combobox.Footer>
            <Text size="xs" c="dimmed">
              Powered by Google
            </Text>
          </Combobox.Footer>
        )}
      </Combobox.Dropdown>
    </Combobox>
  );
}
