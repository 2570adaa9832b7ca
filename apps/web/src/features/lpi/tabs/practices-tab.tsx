import { Loader, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  INVALID_FORM_MESSAGE,
  MISC_QUESTION_DELETED_MESSAGE,
  type TFormResponse,
  type TMiscellaneousResponse,
} from '@parity/domain/lpi/forms';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { alertStore } from '../../../components/alerts/alert-store';
import { QueryError } from '../../../components/query-state/query-state';
import { useCurrentAccount } from '../../../lib/account';
import { ApiError } from '../../../lib/api-client';
import {
  deleteMiscellaneousQuestion,
  miscellaneousKey,
  practicesKey,
  saveMiscellaneous,
  savePractices,
  useMiscellaneous,
  usePractices,
} from '../api/forms';
import {
  CustomQuestions,
  type QuestionDraft,
  questionErrors,
  toQuestionDrafts,
  toQuestionInputs,
} from '../components/forms/custom-questions';
import {
  type FormDraft,
  formDraftData,
  formDraftErrors,
  GeneratedForm,
  initialFormDraft,
} from '../components/forms/generated-form';
import type { LpiScope, LpiTabProps } from '../lib/scope';
import { SAVE_SUCCESS, useTabEditor } from '../lib/tab-editor';

const invalid = () => {
  alertStore.add({ type: 'error', title: 'Error!', description: INVALID_FORM_MESSAGE });
  return new ApiError({ status: 400, message: INVALID_FORM_MESSAGE });
};

/**
 * The Practices page: the generated Practices form (form 8) and, below it, the Miscellaneous form
 * (form 10) with its custom questions. Each is its own save unit.
 */
export default function PracticesTab({ scope, readOnly, units }: LpiTabProps) {
  // A survey shows Practices and Miscellaneous as two steps: each step shows its own unit.
  const showPractices = !units || units.includes('practices');
  const showMiscellaneous = !units || units.includes('miscellaneous');
  const practices = usePractices(scope, showPractices);
  const miscellaneous = useMiscellaneous(scope, showMiscellaneous);
  const account = useCurrentAccount();
  const organizationId = account.data?.organization_id ?? null;

  return (
    <Stack gap="xl">
      {showPractices ? (
        <FormSection id="practices" title="Practices" form="practices" query={practices}>
          {(data) => (
            <PracticesEditor
              scope={scope}
              response={data}
              organizationId={organizationId}
              readOnly={readOnly || !data.state.editable}
              reload={() => practices.refetch()}
            />
          )}
        </FormSection>
      ) : null}
      {showMiscellaneous ? (
        <FormSection id="miscellaneous" title="Miscellaneous" form="miscellaneous" query={miscellaneous}>
          {(data) => (
            <MiscellaneousEditor
              scope={scope}
              response={data}
              organizationId={organizationId}
              readOnly={readOnly || !data.state.editable}
              reload={() => miscellaneous.refetch()}
            />
          )}
        </FormSection>
      ) : null}
    </Stack>
  );
}

/** One form of the tab: its heading, then its loading, error or editor. */
function FormSection<T>({
  id,
  title,
  form,
  query,
  children,
}: {
  id: string;
  title: string;
  /** the form's name in the loading and error texts */
  form: string;
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };
  children: (data: T) => ReactNode;
}) {
  return (
    <Stack gap="md" component="section" aria-labelledby={`${id}-title`}>
      <Title order={2} size="h4" id={`${id}-title`}>
        {title}
      </Title>
      {query.isPending ? (
        <Loader aria-label={`Loading the ${form} form`} />
      ) : query.isError || query.data === undefined ? (
        <QueryError error={query.error} title={`The ${form} form could not be loaded`} />
      ) : (
        children(query.data)
      )}
    </Stack>
  );
}

interface EditorProps<T> {
  scope: LpiScope;
  response: T;
  organizationId: number | null;
  readOnly: boolean;
  reload: () => Promise<unknown>;
}

function PracticesEditor({ scope, response, organizationId, readOnly, reload }: EditorProps<TFormResponse>) {
  const queryClient = useQueryClient();
  const initial = useMemo(() => ({ answers: initialFormDraft(response.data) }), [response.data]);
  const form = useForm<{ answers: FormDraft }>({ initialValues: initial });
  const [showErrors, setShowErrors] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form's methods are stable; only the answer counts
  useEffect(() => {
    form.setInitialValues(initial);
    form.reset();
    setShowErrors(false);
  }, [initial]);

  const draft = form.values.answers;
  const dirty = JSON.stringify(form.values) !== JSON.stringify(initial);
  const errors = formDraftErrors(response.data, draft);

  useTabEditor({
    tab: 'practices',
    dirty: !readOnly && dirty,
    reload,
    save: async (options) => {
      if (Object.keys(errors).length) {
        setShowErrors(true);
        throw invalid();
      }
      const result = await savePractices(
        scope,
        organizationId,
        options.baseUpdatedAt ?? response.state.updated_at,
        formDraftData(response.data, draft),
      );
      queryClient.setQueryData(practicesKey(scope), result);
      alertStore.add({ type: 'success', ...SAVE_SUCCESS });
    },
  });

  return (
    <GeneratedForm
      form={response.data}
      draft={draft}
      onChange={(fieldId, value) => {
        form.setFieldValue('answers', (current) => ({ ...current, [fieldId]: value }));
        setShowErrors(true);
      }}
      errors={showErrors ? errors : {}}
      readOnly={readOnly}
    />
  );
}

function MiscellaneousEditor({
  scope,
  response,
  organizationId,
  readOnly,
  reload,
}: EditorProps<TMiscellaneousResponse>) {
  const queryClient = useQueryClient();
  const initialForm = useMemo(() => initialFormDraft(response.data.form), [response.data.form]);
  const initialQuestions = useMemo(
    () => toQuestionDrafts(response.data.questions),
    [response.data.questions],
  );
  const form = useForm<{ answers: FormDraft; questions: QuestionDraft[] }>({
    initialValues: { answers: initialForm, questions: initialQuestions },
  });
  const { answers: draft, questions } = form.values;
  const setQuestions = (next: QuestionDraft[] | ((current: QuestionDraft[]) => QuestionDraft[])) =>
    form.setFieldValue('questions', next);
  const [showErrors, setShowErrors] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form's methods are stable; only the answer counts
  useEffect(() => {
    form.setFieldValue('answers', initialForm);
    setShowErrors(false);
  }, [initialForm]);
  // A deletion moves the server's list on without touching the other unsaved edits.
  const keepQuestionDraft = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form's methods are stable; only the answer counts
  useEffect(() => {
    if (keepQuestionDraft.current) {
      keepQuestionDraft.current = false;
      return;
    }
    form.setFieldValue('questions', initialQuestions);
  }, [initialQuestions]);

  const dirty =
    JSON.stringify(draft) !== JSON.stringify(initialForm) ||
    JSON.stringify(toQuestionInputs(questions)) !== JSON.stringify(toQuestionInputs(initialQuestions));
  const fieldErrors = formDraftErrors(response.data.form, draft);
  const customErrors = questionErrors(questions);

  useTabEditor({
    tab: 'miscellaneous',
    dirty: !readOnly && dirty,
    reload,
    save: async (options) => {
      if (Object.keys(fieldErrors).length || Object.keys(customErrors).length) {
        setShowErrors(true);
        throw invalid();
      }
      const result = await saveMiscellaneous(
        scope,
        organizationId,
        options.baseUpdatedAt ?? response.state.updated_at,
        toQuestionInputs(questions),
        formDraftData(response.data.form, draft),
      );
      queryClient.setQueryData(miscellaneousKey(scope), result);
      alertStore.add({ type: 'success', ...SAVE_SUCCESS });
    },
  });

  const remove = async (question: QuestionDraft) => {
    if (question.id === undefined) {
      setQuestions((current) => current.filter((q) => q.key !== question.key));
      return;
    }
    const id = question.id;
    const result = await deleteMiscellaneousQuestion(id);
    alertStore.add({ type: 'success', title: 'Success!', description: MISC_QUESTION_DELETED_MESSAGE });
    // The deletion is a save of its own: keep the other edits, move the tab's state on.
    setQuestions((current) => current.filter((q) => q.id !== id));
    keepQuestionDraft.current = true;
    queryClient.setQueryData<TMiscellaneousResponse>(miscellaneousKey(scope), (current) =>
      current
        ? {
            data: { ...current.data, questions: current.data.questions.filter((q) => q.id !== id) },
            state: result.state,
          }
        : current,
    );
  };

  return (
    <Stack gap="md">
      <GeneratedForm
        form={response.data.form}
        draft={draft}
        onChange={(fieldId, value) => {
          form.setFieldValue('answers', (current) => ({ ...current, [fieldId]: value }));
          setShowErrors(true);
        }}
        errors={showErrors ? fieldErrors : {}}
        readOnly={readOnly}
      />
      <CustomQuestions
        drafts={questions}
        onChange={setQuestions}
        onDelete={remove}
        errors={showErrors ? customErrors : {}}
        readOnly={readOnly}
      />
    </Stack>
  );
}
