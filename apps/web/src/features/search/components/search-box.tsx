import { UnstyledButton } from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useCurrentAccount } from '../../../lib/account';
import { withComponentStyles } from '../../../lib/component-styles';
import classes from './search-box.module.css';

// The dialog (the combobox, its query and the domain's schemas) loads on first use: the top bar
// of every signed-in page carries only this button and the shortcut.
const loadSearchDialog = withComponentStyles(() => import('./search-dialog'));
/** An early start only: a failure here is met again, and reported, when the dialog opens. */
const preloadSearchDialog = () => {
  loadSearchDialog().catch(() => {});
};
const SearchDialog = lazy(() => loadSearchDialog().then((module) => ({ default: module.SearchDialog })));

/**
 * Tabler's search icon, drawn here: as an import it became a file of its own on every signed-in
 * page's first load (the dialog, the page and the organizations list share it).
 */
function SearchIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M3 10a7 7 0 1 0 14 0a7 7 0 1 0 -14 0" />
      <path d="M21 21l-6 -6" />
    </svg>
  );
}

/** Where '/' is a character being typed, not the shortcut. */
function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/**
 * The top bar's search (issue 17): a compact box on wide screens, an icon button on small ones;
 * '/' (outside text fields) and Ctrl/Cmd-K open the search dialog. Only approved users and
 * platform admins search (the API answers 403 to anyone else), so only they see it.
 */
export function SearchBox() {
  const allowed = useCurrentAccount().data?.isAllowed === true;
  const [opened, setOpened] = useState(false);
  // Once loaded the dialog stays mounted, closed, so the next opening is immediate.
  const [used, setUsed] = useState(false);
  const open = useCallback(() => {
    setUsed(true);
    setOpened(true);
  }, []);
  const close = useCallback(() => setOpened(false), []);

  useEffect(() => {
    if (!allowed) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.altKey) return;
      const modifier = event.ctrlKey || event.metaKey;
      const commandK = modifier && event.key.toLowerCase() === 'k';
      const slash = !modifier && event.key === '/' && !isTextField(event.target);
      if (!commandK && !slash) return;
      event.preventDefault();
      open();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [allowed, open]);

  if (!allowed) return null;
  return (
    <>
      <UnstyledButton
        className={classes.trigger}
        onClick={open}
        // Fetch the dialog's code as soon as the pointer or focus is on its way.
        onPointerEnter={preloadSearchDialog}
        onFocus={preloadSearchDialog}
        aria-label="Search Parity"
        aria-haspopup="dialog"
        aria-keyshortcuts="/ Control+K Meta+K"
      >
        <SearchIcon />
        <span className={classes.placeholder} aria-hidden>
          Search Parity
        </span>
        <kbd className={classes.hint} aria-hidden>
          /
        </kbd>
      </UnstyledButton>
      {used ? (
        <Suspense fallback={null}>
          <SearchDialog opened={opened} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
