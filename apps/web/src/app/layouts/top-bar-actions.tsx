import { SearchBox } from '../../features/search/components/search-box';

export function TopBarActions() {
  return (
    <>
      <SearchBox />
    </>
  );
}
