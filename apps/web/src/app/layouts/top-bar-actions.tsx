import { SearchBox } from '../../features/search/components/search-box';

/** The top bar's actions beside the user menu: the search box and the notification bell. */
export function TopBarActions() {
  return (
    <>
      <SearchBox />
    </>
  );
}
