import { useState } from 'react';
import { Select, type SelectProps } from '../../../../components/select/select';
import { useOrganizationChoices } from '../../users/api/users';

/** An organization picked from the directory, searched as the administrator types; empty is all. */
export function OrganizationSelect(
  props: Pick<SelectProps, 'label' | 'value' | 'onChange' | 'error' | 'onFocus' | 'onBlur'>,
) {
  const [search, setSearch] = useState('');
  const choices = useOrganizationChoices(search);
  return (
    <Select
      placeholder="All organizations"
      clearable
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={
        choices.isError ? 'The organizations could not be loaded' : 'No organization found'
      }
      data={(choices.data?.data ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
      w={{ base: '100%', xs: 260 }}
      {...props}
    />
  );
}
