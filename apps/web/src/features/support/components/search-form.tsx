import { Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button/button';

/** A search box with its button: `onSearch` gets the trimmed text on submit. */
export function SearchForm({
  name,
  label,
  placeholder,
  initial,
  onSearch,
}: {
  /** the search landmark's name */
  name: string;
  label: string;
  placeholder: string;
  initial: string;
  onSearch: (text: string) => void;
}) {
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <search aria-label={name}>
      <form onSubmit={submit}>
        <Group gap="xs" align="flex-end">
          <TextInput
            label={label}
            placeholder={placeholder}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Button type="submit" kind="secondary">
            Search
          </Button>
        </Group>
      </form>
    </search>
  );
}
