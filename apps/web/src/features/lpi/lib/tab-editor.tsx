import type { TTabKey } from '@parity/domain/lpi/tabs';
import { createContext, type ReactNode, useContext, useEffect, useRef } from 'react';

/** The alert after a tab's save (spec 8: 'Success!' with 'Successfully saved!'). */
export const SAVE_SUCCESS = { title: 'Success!', description: 'Successfully saved!' } as const;

/**
 * The contract between the LPI page (its header's Save version, the conflict dialog, the warning
 * before leaving with unsaved changes) and the tab components, which own their data and drafts.
 * A tab component calls `useTabEditor` once per save unit it shows (a grid page with a US-based
 * variant registers two).
 */
export interface TabEditorRegistration {
  tab: TTabKey;
  /** The draft differs from what was loaded (spec 4 Tab data: saveRequired). */
  dirty: boolean;
  /**
   * Saves the draft and reloads (clearing dirty). `baseUpdatedAt` replaces the `updated_at` the
   * save is based on: the page passes the server's current one when the user chose to overwrite
   * after a conflict. Rejects with the ApiError on failure (a stale save: status 409).
   */
  save: (options: { baseUpdatedAt?: string | null }) => Promise<void>;
  /** Drops the draft and fetches the server's data again (after a conflict: Reload). */
  reload: () => Promise<unknown>;
}

export interface TabEditorHost {
  /** Adds a save unit; answers the function that removes it (when the tab unmounts). */
  register(registration: TabEditorRegistration): () => void;
  /** Called when a unit's dirty flag changes. */
  update(registration: TabEditorRegistration): void;
}

export const TabEditorContext = createContext<TabEditorHost | null>(null);

/** Registers a save unit with the LPI page; keeps the page's view of it current. */
export function useTabEditor(registration: TabEditorRegistration): void {
  const host = useContext(TabEditorContext);
  const latest = useRef(registration);
  latest.current = registration;
  const { tab } = registration;
  useEffect(() => {
    if (!host) return;
    return host.register({
      tab,
      get dirty() {
        return latest.current.dirty;
      },
      save: (options) => latest.current.save(options),
      reload: () => latest.current.reload(),
    });
  }, [host, tab]);
  const { dirty } = registration;
  useEffect(() => {
    // Only dirty changes matter to the page (Save version, the leave warning).
    host?.update({ ...latest.current, dirty });
  }, [host, dirty]);
}

export function TabEditorProvider({ host, children }: { host: TabEditorHost; children: ReactNode }) {
  return <TabEditorContext.Provider value={host}>{children}</TabEditorContext.Provider>;
}

const reported = new WeakSet<object>();

/** Marks an error the tab has already shown to the user, so that the page does not alert it again. */
export function reportedError<E>(error: E): E {
  if (typeof error === 'object' && error !== null) reported.add(error);
  return error;
}

export function wasReported(error: unknown): boolean {
  return typeof error === 'object' && error !== null && reported.has(error);
}
