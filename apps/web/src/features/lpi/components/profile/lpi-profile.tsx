import { Alert, Anchor, Center, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import {
  LPI_PAGE_TABS,
  LPI_PAGE_TITLES,
  LPI_PAGES,
  TAB_ID_OF,
  type TLpiPage,
  type TTabKey,
} from '@parity/domain/lpi/tabs';
import type { TTabTitles } from '@parity/domain/lpi/titles';
import { PERMISSIONS_PAGE_PATH } from '@parity/domain/permissions';
import { IconHistory, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  type Ref,
  Suspense,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link, useNavigate } from 'react-router';
import { alertStore } from '../../../../components/alerts/alert-store';
import { Button } from '../../../../components/button/button';
import { openDialog } from '../../../../components/dialog/dialog-store';
import { PageHeader } from '../../../../components/page-header/page-header';
import { TabBar } from '../../../../components/tab-bar/tab-bar';
import { useCurrentAccount } from '../../../../lib/account';
import { toApiError } from '../../../../lib/api-client';
import {
  tabStatesKey,
  tabTitlesKey,
  useMarkStepComplete,
  useSubmitProfile,
  useTabStates,
  useTabTitles,
} from '../../api/reporting';
import type { LpiScope, LpiTabProps } from '../../lib/scope';
import {
  type TabEditorHost,
  TabEditorProvider,
  type TabEditorRegistration,
  wasReported,
} from '../../lib/tab-editor';
import { conflictOf, openConflictDialog } from '../conflict/conflict-dialog';
import { VersionHistory } from '../versions/version-history';
import { CheckMarker } from './check-marker';
import { CheckNoteForm } from './check-note-form';
import { useLeaveGuard } from './leave-guard';

type TabComponent = ComponentType<LpiTabProps>;

/** The LPI page's own queries (not a tab's data). */
const CORE_KEYS = new Set(['tab-titles', 'tab-states', 'versions']);

/** Each page's tab component, loaded when the page is first shown. */
const TAB_COMPONENTS: Record<TLpiPage, LazyExoticComponent<TabComponent>> = {
  overview: lazy(() => import('../../tabs/overview-tab')),
  fte: lazy(() => import('../../tabs/staff-tab')),
  ownership: lazy(() => import('../../tabs/ownership-tab')),
  insights: lazy(() => import('../../tabs/insights-tab')),
  investment: lazy(() => import('../../tabs/investment-tab')),
  committee: lazy(() => import('../../tabs/committee-tab')),
  board: lazy(() => import('../../tabs/board-tab')),
  policies: lazy(() => import('../../tabs/policies-tab')),
  practices: lazy(() => import('../../tabs/practices-tab')),
};

export const READ_ONLY_NOTICE =
  'You can view this profile. Ask an organization admin for LPI access to edit it.';
/** An organization admin lacks only the right, which they may give themselves. */
export const ADMIN_READ_ONLY_NOTICE =
  'You can view this profile. You are an organization admin without LPI access: turn on Average LPI score access for yourself on the Permissions page to edit it.';
export const SUBMIT_SUCCESS = 'The LPI profile was submitted.';

/** The count shown next to a page's title (spec 2 tab titles), or null for pages without one. */
export function titleCount(page: TLpiPage, titles: TTabTitles | undefined): string | null {
  if (!titles) return null;
  switch (page) {
    case 'fte':
      return `${titles.staff.entered}/${titles.staff.total}`;
    case 'ownership':
      return `${titles.ownership.flagged}/${titles.ownership.total}`;
    case 'insights':
      return String(titles.insights.entered);
    case 'investment':
      return String(titles.investment.entered);
    case 'committee':
      return String(titles.committee.entered);
    case 'board':
      return String(titles.board.rows);
    default:
      return null;
  }
}

/** What a page around the profile (the survey stepper) may ask of it. */
export interface LpiProfileController {
  /** Some save unit of the shown tab has unsaved changes. */
  readonly dirty: boolean;
  /**
   * Saves the units with unsaved changes (a stale save opens the conflict dialog); answers whether
   * everything is saved. Nothing to save answers true.
   */
  saveChanges(): Promise<boolean>;
}

export interface LpiProfileProps {
  scope: LpiScope;
  page: TLpiPage;
  /** Tab links go to `${basePath}/${slug}`. */
  basePath: string;
  /** The URL name of a page when it differs from its key (the reporting page calls fte 'staff'). */
  slugs?: Partial<Record<TLpiPage, string>>;
  /** The page's h1; without it only the actions are shown (a host page has its own heading). */
  title?: ReactNode;
  readOnly?: boolean;
  /** Other tab components (tests and previews); defaults to the profile's tabs. */
  tabs?: Partial<Record<TLpiPage, TabComponent>>;
  /**
   * Show the tab bar (default): one row at every width, scrolling sideways when the tabs do not
   * fit. false shows the one page alone (a survey step).
   */
  navigation?: boolean;
  /**
   * The page's save units to show (default: all of them). A survey's Practices and Miscellaneous
   * steps are the two units of the Practices page.
   */
  units?: readonly TTabKey[];
  /** Lets the page around the profile save the tab's changes (the stepper's Next). */
  controller?: Ref<LpiProfileController>;
  /** After a save or a completion change (the stepper refreshes its progress). */
  onChange?: () => void;
}

interface Unit {
  key: symbol;
  registration: TabEditorRegistration;
}

/**
 * The LPI profile around its tabs: the tab bar with counts, the current tab (its save units register
 * through the tab editor), the header actions (Save version, Mark Complete in surveys, Submit of
 * the organization's profile to whoever may submit it, Version history), the stale-save conflict
 * dialog, the warning before leaving with unsaved changes, and the read-only notice.
 */
export function LpiProfile({
  scope,
  page,
  basePath,
  slugs = {},
  title,
  readOnly: readOnlyProp = false,
  tabs,
  navigation = true,
  units: shownUnits,
  controller,
  onChange,
}: LpiProfileProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const account = useCurrentAccount();
  const titles = useTabTitles(scope);
  const states = useTabStates(scope);

  // --- the save units of the current tab -------------------------------------------------------
  const units = useRef<Unit[]>([]);
  const [, setRevision] = useState(0);
  const rerender = useCallback(() => setRevision((n) => n + 1), []);
  const host = useMemo<TabEditorHost>(
    () => ({
      register(registration) {
        const key = Symbol(registration.tab);
        units.current = [...units.current, { key, registration }];
        rerender();
        return () => {
          units.current = units.current.filter((unit) => unit.key !== key);
          rerender();
        };
      },
      update: rerender,
    }),
    [rerender],
  );
  const registered = units.current.map((unit) => unit.registration);
  const dirty = registered.some((unit) => unit.dirty);

  // --- rights ------------------------------------------------------------------------------------
  const pageTabs = shownUnits?.length ? shownUnits : LPI_PAGE_TABS[page];
  const pageStates = (states.data?.data ?? []).filter((state) => pageTabs.includes(state.tab));
  // A member of the profile's organization without LPI access (hosts and admins read other profiles).
  const ownProfile = scope.kind === 'organization' || scope.organizationId === account.data?.organization_id;
  const noLpiAccess = ownProfile && account.data?.hasLpiAccess === false;
  const notEditable = pageStates.length > 0 && pageStates.every((state) => !state.editable);
  const readOnly = readOnlyProp || noLpiAccess || notEditable;
  const completed = pageStates.find((state) => state.tab === pageTabs[0])?.completed ?? false;
  // The API's rule for submitting the profile (engine/submit.ts): a member of the organization
  // with LPI access, the right that makes the profile editable. A survey response is submitted by
  // the survey's own Submit step instead.
  const canSubmit = scope.kind === 'organization' && account.data?.hasLpiAccess === true && !readOnly;

  // Set by a save of every change, until the page renders again: the survey stepper moves on as
  // soon as its save answers, which can be before React renders the saved tabs as clean.
  const savedSinceRender = useRef(false);
  useLayoutEffect(() => {
    savedSinceRender.current = false;
  });
  useLeaveGuard(dirty && !readOnly, () => savedSinceRender.current);

  // --- saving ------------------------------------------------------------------------------------
  const [saving, setSaving] = useState(false);
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: tabTitlesKey(scope) });
    void queryClient.invalidateQueries({ queryKey: tabStatesKey(scope) });
    void queryClient.invalidateQueries({ queryKey: ['lpi', 'versions'] });
    latestOnChange.current?.();
  }, [queryClient, scope]);

  // A tab that saves by itself (a dialog, an upload) updates its query: the counts follow.
  const latestScope = useRef(scope);
  latestScope.current = scope;
  useEffect(() => {
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      const [root, name] = event.query.queryKey;
      if (root !== 'lpi' || typeof name !== 'string' || CORE_KEYS.has(name)) return;
      // The first load of a tab changes nothing; later updates follow a save.
      if (event.query.state.dataUpdateCount < 2) return;
      void queryClient.invalidateQueries({ queryKey: tabTitlesKey(latestScope.current) });
      void queryClient.invalidateQueries({ queryKey: ['lpi', 'versions'] });
    });
  }, [queryClient]);

  /** Saves one unit; a stale save opens the conflict dialog. Answers whether it saved. */
  const saveUnit = useCallback(
    async (unit: TabEditorRegistration, baseUpdatedAt?: string | null): Promise<boolean> => {
      try {
        await unit.save(baseUpdatedAt === undefined ? {} : { baseUpdatedAt });
        return true;
      } catch (error) {
        const conflict = conflictOf(error);
        if (conflict) {
          openConflictDialog(conflict, {
            onReload: async () => {
              await unit.reload();
              refresh();
            },
            onOverwrite: async () => {
              if (await saveUnit(unit, conflict.updated_at)) refresh();
            },
          });
        } else if (!wasReported(error)) {
          alertStore.add({ type: 'error', title: 'Error', description: toApiError(error).message });
        }
        return false;
      }
    },
    [refresh],
  );

  /** Saves every dirty unit (or, in a survey step not yet saved, every unit). */
  const saveAll = useCallback(async (): Promise<boolean> => {
    const current = units.current.map((unit) => unit.registration);
    const toSave = current.some((unit) => unit.dirty) ? current.filter((unit) => unit.dirty) : current;
    setSaving(true);
    let ok = true;
    try {
      for (const unit of toSave) {
        if (!(await saveUnit(unit))) ok = false;
      }
      if (ok) savedSinceRender.current = true;
    } finally {
      setSaving(false);
      refresh();
    }
    return ok;
  }, [refresh, saveUnit]);

  useImperativeHandle(
    controller,
    () => ({
      get dirty() {
        return units.current.some((unit) => unit.registration.dirty);
      },
      async saveChanges() {
        if (!units.current.some((unit) => unit.registration.dirty)) return true;
        return saveAll();
      },
    }),
    [saveAll],
  );

  const markStep = useMarkStepComplete(scope);
  /** Marks the step; a 422 (data failing a check) opens the note dialog. Answers whether it did. */
  const mark = async (completedNow: boolean, note?: string): Promise<boolean> => {
    if (scope.kind !== 'survey') return false;
    const tabId = TAB_ID_OF[pageTabs[0] as TTabKey];
    try {
      await markStep.mutateAsync({ surveyId: scope.surveyId, tabId, completed: completedNow, note });
      latestOnChange.current?.();
      return true;
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.status === 422 && note === undefined) {
        openDialog({
          title: 'The figures do not add up',
          size: 'medium',
          content: (close) => (
            <CheckNoteForm
              message={apiError.message}
              onSubmit={(text) => mark(completedNow, text)}
              onCancel={close}
            />
          ),
        });
      } else {
        alertStore.add({ type: 'error', title: 'Error', description: apiError.message });
      }
      return false;
    }
  };
  const toggleComplete = async () => {
    if (!completed && dirty && !(await saveAll())) return;
    await mark(!completed);
  };

  // --- submit ------------------------------------------------------------------------------------
  const submitProfile = useSubmitProfile(scope);
  const organizationId = account.data?.organization_id;
  const confirmSubmit = () => {
    if (!organizationId) return;
    openDialog({
      title: 'Submit the LPI profile?',
      size: 'small',
      content: (close) => (
        <Stack gap="md">
          <Text>
            Submitting keeps a copy of every tab as it is saved now
            {account.data?.organization_name ? ` for ${account.data.organization_name}` : ''}.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button kind="blanc" onClick={close}>
              Cancel
            </Button>
            <Button
              onClick={async () => {
                close();
                try {
                  await submitProfile.mutateAsync({ organizationId });
                  alertStore.add({ type: 'success', title: 'Success!', description: SUBMIT_SUCCESS });
                } catch {
                  // The API client has shown the error.
                }
              }}
            >
              Submit
            </Button>
          </Group>
        </Stack>
      ),
    });
  };

  // --- history -----------------------------------------------------------------------------------
  const [historyOpen, setHistoryOpen] = useState(false);

  const actions = (
    <>
      <Button
        kind="blanc"
        leftSection={<IconHistory size={16} aria-hidden />}
        onClick={() => setHistoryOpen(true)}
      >
        Version history
      </Button>
      {readOnly ? null : (
        <>
          <Button
            kind="secondary"
            onClick={() => void saveAll()}
            loading={saving}
            disabled={scope.kind === 'survey' ? !dirty && completed : !dirty}
          >
            Save version
          </Button>
          {scope.kind === 'survey' ? (
            <Button
              kind={completed ? 'blanc' : 'success'}
              onClick={() => void toggleComplete()}
              loading={markStep.isPending}
            >
              {completed ? 'Mark Incomplete' : 'Mark Complete'}
            </Button>
          ) : null}
          {canSubmit ? (
            <Button
              onClick={confirmSubmit}
              disabled={dirty || !organizationId}
              title={dirty ? 'Save your changes before submitting' : undefined}
              loading={submitProfile.isPending}
            >
              Submit
            </Button>
          ) : null}
        </>
      )}
    </>
  );

  const TabView = tabs?.[page] ?? TAB_COMPONENTS[page];
  const tabView = (
    <TabView scope={scope} readOnly={readOnly} {...(shownUnits ? { units: shownUnits } : {})} />
  );
  const slug = (p: TLpiPage) => slugs[p] ?? p;

  return (
    <Stack gap="md">
      {title ? (
        <PageHeader title={title} actions={actions} />
      ) : actions ? (
        <Group justify="flex-end" gap="sm">
          {actions}
        </Group>
      ) : null}
      {noLpiAccess ? (
        <Alert color="blue" icon={<IconInfoCircle aria-hidden />} role="status">
          {account.data?.isOrganizationAdministrator ? (
            <>
              {ADMIN_READ_ONLY_NOTICE}{' '}
              <Anchor component={Link} to={PERMISSIONS_PAGE_PATH} inherit>
                Open Permissions
              </Anchor>
            </>
          ) : (
            READ_ONLY_NOTICE
          )}
        </Alert>
      ) : null}
      {navigation ? (
        <TabBar
          label="LPI profile tabs"
          value={page}
          onChange={(value) => navigate(`${basePath}/${slug(value as TLpiPage)}`)}
          tabs={[
            ...LPI_PAGES.map((p) => {
              const failing = titles.data?.checks?.filter((c) => LPI_PAGE_TABS[p].includes(c.tab)) ?? [];
              return {
                value: p,
                label: LPI_PAGE_TITLES[p],
                badge: titleCount(p, titles.data),
                rightSection: failing.length ? <CheckMarker issues={failing} /> : undefined,
              };
            }),
            // The organization's scores (features/analytics), not part of a survey's profile.
            ...(scope.kind === 'organization' ? [{ value: 'analytics', label: 'Analytics' }] : []),
          ]}
        >
          {scope.kind === 'organization' ? <Tabs.Panel value="analytics">{null}</Tabs.Panel> : null}
          {/* A panel per tab so that every tab's aria-controls names an element; only the current one has content. */}
          {LPI_PAGES.map((p) => (
            <Tabs.Panel key={p} value={p} pt="md">
              {p === page ? (
                <TabEditorProvider host={host}>
                  <Suspense
                    fallback={
                      <Center py="xl">
                        <Loader aria-label="Loading the tab" />
                      </Center>
                    }
                  >
                    {tabView}
                  </Suspense>
                </TabEditorProvider>
              ) : null}
            </Tabs.Panel>
          ))}
        </TabBar>
      ) : (
        <TabEditorProvider host={host}>
          <Suspense
            fallback={
              <Center py="xl">
                <Loader aria-label="Loading the tab" />
              </Center>
            }
          >
            {tabView}
          </Suspense>
        </TabEditorProvider>
      )}
      <VersionHistory
        opened={historyOpen}
        onClose={() => setHistoryOpen(false)}
        scope={scope}
        tabs={pageTabs}
      />
    </Stack>
  );
}
