import { Stack, Text } from '@mantine/core';
import { POD_MESSAGES, podLeaveSchema } from '@parity/domain/pods/pods';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button/button';
import { applyApiErrors } from '../../../components/form/api-errors';
import { FormError } from '../../../components/form/form-error';
import { focusFirstError, useSchemaForm } from '../../../components/form/use-schema-form';
import { QueryLoader } from '../../../components/query-state/query-state';
import { Select } from '../../../components/select/select';
import { useCurrentAccount } from '../../../lib/account';
import { useMembers } from '../api/members';
import { useLeavePod } from '../api/pods';

interface LeaveValues extends Record<string, unknown> {
  successorUserId: number | undefined;
}

/** The last admin leaves only after naming another member as admin. */
export function LeaveForm({ podId, onDone }: { podId: number; onDone: () => void }) {
  const navigate = useNavigate();
  const account = useCurrentAccount();
  const members = useMembers(podId, '', 1);
  const leave = useLeavePod(podId);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useSchemaForm<LeaveValues>(podLeaveSchema, { initialValues: { successorUserId: undefined } });
  const others = (members.data?.data ?? []).filter((member) => member.userId !== account.data?.id);

  const submit = form.onSubmit((values) => {
    if (values.successorUserId === undefined) {
      form.setFieldError('successorUserId', POD_MESSAGES.lastAdmin);
      return;
    }
    leave.mutate(
      { successorUserId: values.successorUserId },
      {
        onSuccess: () => {
          onDone();
          navigate('/pods');
        },
        onError: (error) => setFormError(applyApiErrors(error, form)),
      },
    );
  }, focusFirstError);

  if (members.isPending) return <QueryLoader label="Loading the members" />;
  return (
    <form onSubmit={submit} noValidate aria-label="Leave the pod">
      <Stack gap="md">
        <FormError title="You could not leave the pod">{formError}</FormError>
        {others.length === 0 ? (
          <Text size="sm">
            You are the pod's only member. Delete the pod instead, or invite someone to hand it over to.
          </Text>
        ) : (
          <Select
            label="New admin"
            description="You are the last admin: name the member who manages the pod after you."
            data={others.map((member) => ({ value: String(member.userId), label: member.name }))}
            data-path="successorUserId"
            value={form.values.successorUserId === undefined ? null : String(form.values.successorUserId)}
            error={form.errors.successorUserId}
            onChange={(value) => form.setFieldValue('successorUserId', value ? Number(value) : undefined)}
          />
        )}
        <Button type="submit" kind="error" disabled={others.length === 0} loading={leave.isPending}>
          Leave
        </Button>
      </Stack>
    </form>
  );
}
