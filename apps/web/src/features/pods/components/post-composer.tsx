import { CloseButton, Group, MultiSelect, Stack, Text, Textarea } from '@mantine/core';
import { formatFileSize } from '@parity/domain/file-size';
import { POD_POST_MAX, postCreateSchema, type TPodAttachment } from '@parity/domain/pods/pods';
import { useState } from 'react';
import { Button } from '../../../components/button/button';
import { applyApiErrors } from '../../../components/form/api-errors';
import { FormError } from '../../../components/form/form-error';
import { focusFirstError, useSchemaForm } from '../../../components/form/use-schema-form';
import { markedTextToHtml } from '../../../lib/marked-text';
import { useCreatePost, useUpdatePost } from '../api/feed';
import { useUploadPodFile } from '../api/files';
import { useMembers } from '../api/members';
import { UploadFile } from './upload-file';

interface PostValues extends Record<string, unknown> {
  /** the text with its marks; sent as HTML */
  body: string;
  mentionUserIds: number[];
  attachmentFileIds: string[];
}

export interface ComposerProps {
  podId: number;
  /** a reply to this post */
  parentId?: number;
  /** editing this post (its text, mentions): attachments stay as they are */
  editing?: { postId: number; text: string; mentionUserIds: number[] };
  onDone?: () => void;
}

/**
 * Writes a post, a reply or an edit: text with **bold**, *italic* and '- ' lists, mentions of
 * members (each told), and documents attached (uploaded to the pod's files first). Checked with
 * the domain's post rules before sending; the API's refusal lands on its field.
 */
export function PostComposer({ podId, parentId, editing, onDone }: ComposerProps) {
  const create = useCreatePost(podId);
  const update = useUpdatePost(podId);
  const upload = useUploadPodFile(podId);
  const members = useMembers(podId, '', 1);
  const [attachments, setAttachments] = useState<TPodAttachment[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useSchemaForm<PostValues>(postCreateSchema, {
    initialValues: {
      body: editing?.text ?? '',
      mentionUserIds: editing?.mentionUserIds ?? [],
      attachmentFileIds: [],
    },
  });
  const label = editing ? 'Edit the post' : parentId ? 'Reply' : 'Write a post';
  const action = editing ? 'Save' : parentId ? 'Reply' : 'Post';

  const attach = async (file: File, onProgress: (percent: number) => void) => {
    const stored = await upload.mutateAsync({ file, onProgress });
    setAttachments((all) => [...all, stored]);
    form.setFieldValue('attachmentFileIds', [...form.getValues().attachmentFileIds, stored.id]);
  };
  const detach = (fileId: string) => {
    setAttachments((all) => all.filter((file) => file.id !== fileId));
    form.setFieldValue(
      'attachmentFileIds',
      form.getValues().attachmentFileIds.filter((id) => id !== fileId),
    );
  };

  const submit = form.onSubmit((values) => {
    setFormError(null);
    const body = markedTextToHtml(values.body);
    const done = {
      onSuccess: () => {
        form.reset();
        setAttachments([]);
        onDone?.();
      },
      onError: (error: unknown) => setFormError(applyApiErrors(error, form, { focus: true })),
    };
    if (editing)
      update.mutate({ postId: editing.postId, body: { body, mentionUserIds: values.mentionUserIds } }, done);
    else
      create.mutate(
        {
          body,
          mentionUserIds: values.mentionUserIds,
          attachmentFileIds: values.attachmentFileIds,
          ...(parentId ? { parentId } : {}),
        },
        done,
      );
  }, focusFirstError);

  const options = (members.data?.data ?? []).map((member) => ({
    value: String(member.userId),
    label: member.organizationName ? `${member.name} (${member.organizationName})` : member.name,
  }));

  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="sm">
        <FormError title="The post could not be saved">{formError}</FormError>
        <Textarea
          label={label}
          description="**bold**, *italic*; lines starting with '- ' make a list; a blank line starts a paragraph."
          rows={parentId ? 2 : 3}
          maxLength={POD_POST_MAX}
          data-path="body"
          {...form.getInputProps('body')}
        />
        <MultiSelect
          label="Mention members"
          placeholder={form.values.mentionUserIds.length ? undefined : 'Pick members to tell'}
          searchable
          clearable
          data={options}
          data-path="mentionUserIds"
          value={form.values.mentionUserIds.map(String)}
          onChange={(ids) => form.setFieldValue('mentionUserIds', ids.map(Number))}
          error={form.errors.mentionUserIds}
          nothingFoundMessage="No member by that name"
        />
        {editing ? null : (
          <>
            <UploadFile label="Attach a document" kind="blanc" upload={attach} />
            {attachments.length ? (
              <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Attached">
                {attachments.map((file) => (
                  <Group component="li" key={file.id} gap="xs">
                    <Text size="sm">
                      {file.name} ({formatFileSize(file.size)})
                    </Text>
                    <CloseButton
                      size="sm"
                      aria-label={`Remove ${file.name}`}
                      onClick={() => detach(file.id)}
                    />
                  </Group>
                ))}
              </Stack>
            ) : null}
          </>
        )}
        <Group justify="flex-end" gap="sm">
          {onDone && (editing || parentId) ? (
            <Button kind="blanc" onClick={onDone}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={create.isPending || update.isPending}>
            {action}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
