import {
  type ComboboxItem,
  getParsedComboboxData,
  Select as MantineSelect,
  type Primitive,
  type SelectProps,
} from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import type { KeyboardEvent } from 'react';
import { useMemo } from 'react';
import { findTypeAheadMatch, isTypeAheadKey, useTypeAhead } from '../type-ahead/type-ahead';

export type { SelectProps };

/**
 * The app's select: Mantine's Select, with type-ahead when it is not searchable (a searchable one
 * filters as you type). Typed letters pick the first option whose label starts with them, as a
 * native select does, and add up until spec 9's 350 ms pass without a key; an open list closes on
 * the pick.
 */
export function Select<Value extends Primitive = string>(props: SelectProps<Value>) {
  const {
    searchable,
    data,
    value,
    defaultValue,
    onChange,
    onKeyDown,
    dropdownOpened,
    defaultDropdownOpened,
    onDropdownOpen,
    onDropdownClose,
    ...others
  } = props;
  const [current, setCurrent] = useUncontrolled<Value | null>({
    value,
    defaultValue,
    finalValue: null,
    onChange,
  });
  const [opened, setOpened] = useUncontrolled<boolean>({
    value: dropdownOpened,
    defaultValue: defaultDropdownOpened,
    finalValue: false,
  });
  const options = useMemo(
    () =>
      getParsedComboboxData(data).flatMap((item) =>
        'group' in item ? item.items : [item],
      ) as ComboboxItem<Value>[],
    [data],
  );
  const typeAhead = useTypeAhead();

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || searchable || others.readOnly || others.disabled) return;
    // Space opens or closes the list, unless it continues a typed word.
    if (!isTypeAheadKey(event) || (event.key === ' ' && !typeAhead.text)) return;
    const enabled = options.filter((option) => !option.disabled);
    const text = typeAhead.add(event.key);
    const index = findTypeAheadMatch(
      enabled.map((option) => option.label),
      text,
      enabled.findIndex((option) => option.value === current),
    );
    const option = enabled[index];
    if (!option) return;
    event.preventDefault();
    if (option.value !== current) setCurrent(option.value, option);
    if (opened) {
      setOpened(false);
      onDropdownClose?.();
    }
  };

  return (
    <MantineSelect<Value>
      {...others}
      searchable={searchable}
      data={data}
      value={current}
      onChange={setCurrent}
      onKeyDown={handleKeyDown}
      dropdownOpened={opened}
      onDropdownOpen={() => {
        setOpened(true);
        onDropdownOpen?.();
      }}
      onDropdownClose={() => {
        setOpened(false);
        onDropdownClose?.();
      }}
    />
  );
}
