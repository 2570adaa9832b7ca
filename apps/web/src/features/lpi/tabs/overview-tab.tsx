import { Loader, Text } from '@mantine/core';
import {
  META_VALIDATION_MESSAGE,
  metaToValues,
  overviewErrors,
  type TOrganizationMetaResponse,
  type TOverviewValues,
} from '@parity/domain/lpi/overview';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { alertStore } from '../../../components/alerts/alert-store';
import { ApiError, toApiError } from '../../../lib/api-client';
import { healthcheckKey, overviewKey, saveMeta, useMembers, useMeta } from '../api/overview';
import { normaliseOverview, type OverviewErrors, OverviewForm } from '../components/overview/overview-form';
import type { LpiScope, LpiTabProps } from '../lib/scope';
import { reportedError, useTabEditor } from '../lib/tab-editor';

/** The draft as it is compared and sent (a found address is a change; the fixed counts applied). */
function comparable(values: TOverviewValues) {
  return JSON.stringify(normaliseOverview(values));
}

/** Server messages of a 400 'LPI organization meta validation error', by field. */
function serverErrors(error: ApiError): OverviewErrors {
  const detail = (error.body as { detail?: unknown } | undefined)?.detail;
  if (!Array.isArray(detail)) return {};
  const out: Record<string, string> = {};
  for (const item of detail as { field?: string; message?: string }[]) {
    if (item.field && item.message && !out[item.field]) out[item.field] = item.message;
  }
  return out as OverviewErrors;
}

/**
 * The Overview tab (spec 3 "Overview form"): the organization meta of the scope as one save unit.
 * Messages show next to each field once it was edited, and on every field after a save attempt.
 */
export default function OverviewTab({ scope, readOnly, exportMode = false }: LpiTabProps) {
  const meta = useMeta(scope);
  if (meta.isPending) return <Loader aria-label="Loading the overview" />;
  if (meta.isError) return <Text c="red">The overview could not be loaded.</Text>;
  return (
    <OverviewEditor
      scope={scope}
      response={meta.data}
      readOnly={readOnly || exportMode || !meta.data.state.editable}
      exportMode={exportMode}
      reload={() => meta.refetch()}
    />
  );
}

function OverviewEditor({
  scope,
  response,
  readOnly,
  exportMode,
  reload,
}: {
  scope: LpiScope;
  response: TOrganizationMetaResponse;
  readOnly: boolean;
  exportMode: boolean;
  reload: () => Promise<unknown>;
}) {
  const queryClient = useQueryClient();
  const initial = useMemo(() => metaToValues(response.data), [response.data]);
  const [draft, setDraft] = useState<TOverviewValues>(initial);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [fromServer, setFromServer] = useState<OverviewErrors>({});
  const members = useMembers(scope.kind === 'organization' || !readOnly);

  // A new server answer (save, reload, another scope) resets the draft.
  useEffect(() => {
    setDraft(initial);
    setTouched(new Set());
    setShowAll(false);
    setFromServer({});
  }, [initial]);

  const dirty = comparable(draft) !== comparable(initial);
  const ruleErrors = overviewErrors(draft) as OverviewErrors;
  const shown: OverviewErrors = { ...fromServer };
  for (const [field, message] of Object.entries(ruleErrors)) {
    if (showAll || touched.has(field)) shown[field as keyof TOverviewValues] = message;
  }

  const save = async (options: { baseUpdatedAt?: string | null }) => {
    if (Object.keys(ruleErrors).length > 0) {
      setShowAll(true);
      alertStore.add({ type: 'error', title: 'Error!', description: META_VALIDATION_MESSAGE });
      throw reportedError(new ApiError({ status: 400, message: META_VALIDATION_MESSAGE }));
    }
    const values = normaliseOverview(draft);
    try {
      const saved = await saveMeta(scope, options.baseUpdatedAt ?? response.state.updated_at, {
        legal_structure: values.legal_structure ?? null,
        inception_date: values.inception_date ?? null,
        primary_contact_id: values.primary_contact_id ?? null,
        is_publicly_traded: Boolean(values.is_publicly_traded),
        ticker_symbol: values.ticker_symbol ?? '',
        total_full_time_employees: values.total_full_time_employees ?? 0,
        total_leaders: values.total_leaders ?? 0,
        total_owners: values.total_owners ?? 0,
        website: values.website?.trim() || null,
        primary_phone: values.primary_phone?.trim() || null,
        identifiers: values.identifiers ?? {},
        ...(values.office_address_found
          ? { office_address_found: values.office_address_found }
          : values.office_address_id
            ? { office_address_id: values.office_address_id }
            : {}),
      });
      queryClient.setQueryData(overviewKey(scope), saved);
      void queryClient.invalidateQueries({ queryKey: healthcheckKey(scope) });
      if (!exportMode)
        alertStore.add({ type: 'success', title: 'Success!', description: 'Successfully saved!' });
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.status === 400 && apiError.message === META_VALIDATION_MESSAGE) {
        setFromServer(serverErrors(apiError));
        setShowAll(true);
        alertStore.add({ type: 'error', title: 'Error!', description: META_VALIDATION_MESSAGE });
        throw reportedError(error);
      }
      throw error;
    }
  };

  useTabEditor({
    tab: 'overview',
    dirty: !readOnly && dirty,
    save,
    reload: async () => {
      const result = await reload();
      setDraft(initial);
      return result;
    },
  });

  return (
    <OverviewForm
      value={draft}
      onChange={(next, field) => {
        setDraft(next);
        setTouched((current) => new Set(current).add(field));
        if (fromServer[field]) setFromServer(({ [field]: _gone, ...rest }) => rest);
      }}
      errors={shown}
      addresses={response.data.addresses}
      members={members.data ?? []}
      readOnly={readOnly}
    />
  );
}
