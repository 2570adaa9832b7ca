import { Loader } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  META_VALIDATION_MESSAGE,
  metaToValues,
  type TOrganizationMetaResponse,
  type TOverviewValues,
  ZOverviewForm,
} from '@parity/domain/lpi/overview';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { alertStore } from '../../../components/alerts/alert-store';
import { applyApiErrors } from '../../../components/form/api-errors';
import { QueryError } from '../../../components/query-state/query-state';
import { ApiError, toApiError } from '../../../lib/api-client';
import { useApprovedMembers } from '../../../lib/members';
import { healthcheckKey, overviewKey, saveMeta, useMeta } from '../api/overview';
import { normaliseOverview, type OverviewErrors, OverviewForm } from '../components/overview/overview-form';
import type { LpiScope, LpiTabProps } from '../lib/scope';
import { reportedError, SAVE_SUCCESS, useTabEditor } from '../lib/tab-editor';

/** The overview rules' messages by field, through the form library's Standard Schema resolver. */
const overviewRules = schemaResolver(ZOverviewForm, { sync: true });

/** The draft as it is compared and sent (a found address is a change; the fixed counts applied). */
function comparable(values: TOverviewValues) {
  return JSON.stringify(normaliseOverview(values));
}

/**
 * The Overview tab (spec 3 "Overview form"): the organization meta of the scope as one save unit.
 * Messages show next to each field once it was edited, and on every field after a save attempt.
 */
export default function OverviewTab({ scope, readOnly }: LpiTabProps) {
  const meta = useMeta(scope);
  if (meta.isPending) return <Loader aria-label="Loading the overview" />;
  if (meta.isError) return <QueryError error={meta.error} title="The overview could not be loaded" />;
  return (
    <OverviewEditor
      scope={scope}
      response={meta.data}
      readOnly={readOnly || !meta.data.state.editable}
      reload={() => meta.refetch()}
    />
  );
}

function OverviewEditor({
  scope,
  response,
  readOnly,
  reload,
}: {
  scope: LpiScope;
  response: TOrganizationMetaResponse;
  readOnly: boolean;
  reload: () => Promise<unknown>;
}) {
  const queryClient = useQueryClient();
  const initial = useMemo(() => metaToValues(response.data), [response.data]);
  // form.errors holds the server's messages (each until its field is edited); the rules' messages
  // are worked out from the values on every render and shown once their field was edited.
  const form = useForm<TOverviewValues>({ initialValues: initial, clearInputErrorOnChange: false });
  const [showAll, setShowAll] = useState(false);
  const members = useApprovedMembers(scope.kind === 'organization' || !readOnly);

  // A new server answer (save, reload, another scope) resets the draft.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form's methods are stable; only the answer counts
  useEffect(() => {
    form.setValues(initial);
    form.resetTouched();
    form.clearErrors();
    setShowAll(false);
  }, [initial]);

  const draft = form.values;
  const dirty = comparable(draft) !== comparable(initial);
  const ruleErrors = overviewRules(draft) as OverviewErrors;
  const shown = { ...form.errors } as OverviewErrors;
  for (const [field, message] of Object.entries(ruleErrors)) {
    if (showAll || form.isTouched(field)) shown[field as keyof TOverviewValues] = message;
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
      alertStore.add({ type: 'success', ...SAVE_SUCCESS });
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.status === 400 && apiError.message === META_VALIDATION_MESSAGE) {
        applyApiErrors(apiError, form);
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
      form.setValues(initial);
      return result;
    },
  });

  return (
    <OverviewForm
      value={draft}
      onChange={(next, field) => {
        form.setValues(next);
        form.setTouched((touched) => ({ ...touched, [field]: true }));
        form.clearFieldError(field);
      }}
      errors={shown}
      addresses={response.data.addresses}
      members={members.data ?? []}
      primaryContactName={response.data.primary_contact_name}
      readOnly={readOnly}
    />
  );
}
