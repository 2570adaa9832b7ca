import { FileInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  SUPPORT_ATTACHMENT_EXTENSIONS,
  SUPPORT_ATTACHMENT_MAX_BYTES,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_MESSAGES,
  SUPPORT_SUBJECT_MAX,
  supportRequestCreateSchema,
  type TSupportRequestCreateRaw,
} from '@parity/domain/support';
import { IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { showAlert } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { applyApiErrors } from '../../../components/form/api-errors';
import { FormError } from '../../../components/form/form-error';
import { focusFirstError, useSchemaForm } from '../../../components/form/use-schema-form';
import { PageHeader } from '../../../components/page-header/page-header';
import { useFileSupportRequest } from '../api/support';
import { fromOf } from '../lib/from';

const ACCEPT = SUPPORT_ATTACHMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** The attachment's rules, checked before sending (the API checks them again: 413, 415). */
function attachmentProblem(file: File | null): string | null {
  if (!file) return null;
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!SUPPORT_ATTACHMENT_EXTENSIONS.some((allowed) => allowed === extension))
    return SUPPORT_MESSAGES.attachmentType;
  if (file.size > SUPPORT_ATTACHMENT_MAX_BYTES) return SUPPORT_MESSAGES.attachmentTooLarge;
  return null;
}

interface ContactValues extends TSupportRequestCreateRaw, Record<string, unknown> {
  subject: string;
  message: string;
  page: string;
}

/** /support/contact: subject, message, the page the user came from (filled in) and an optional attachment. */
export function ContactRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const file = useFileSupportRequest();
  const [formError, setFormError] = useState<string | null>(null);
  const [attachment, setAttachment] = useState<File | null>(null);
  const [attachmentError, setAttachmentError] = useState<string | null>(null);
  const form = useSchemaForm<ContactValues>(supportRequestCreateSchema, {
    initialValues: { subject: '', message: '', page: fromOf(location) },
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    const problem = attachmentProblem(attachment);
    setAttachmentError(problem);
    if (problem) return;
    file.mutate(
      { ...supportRequestCreateSchema.parse(values), attachment },
      {
        onSuccess: (request) => {
          showAlert(
            'success',
            'Request sent',
            'The Parity team will answer by mail and on the request’s page.',
          );
          navigate(`/support/requests/${request.id}`);
        },
        onError: (error) => {
          const message = applyApiErrors(error, form, { focus: true });
          if (message && /attachment/i.test(message)) setAttachmentError(message);
          else setFormError(message);
        },
      },
    );
  }, focusFirstError);

  return (
    <Stack gap="md" maw={720}>
      <PageHeader
        title="Contact support"
        description="Tell us what happened; we answer by mail and on this site."
      />
      <form onSubmit={submit} noValidate aria-label="Contact support">
        <Stack gap="md">
          <FormError title="Your request could not be sent">{formError}</FormError>
          <TextInput
            label="Subject"
            required
            maxLength={SUPPORT_SUBJECT_MAX}
            data-path="subject"
            {...form.getInputProps('subject')}
          />
          <Textarea
            label="Message"
            required
            rows={6}
            description={`${form.values.message.length.toLocaleString('en-US')} of ${SUPPORT_MESSAGE_MAX.toLocaleString('en-US')} characters. Markdown is allowed.`}
            data-path="message"
            {...form.getInputProps('message')}
          />
          <TextInput
            label="Page"
            description="The page you were on, filled in for you; change it if the problem is elsewhere."
            data-path="page"
            {...form.getInputProps('page')}
          />
          <FileInput
            label="Attachment (optional)"
            description="PDF, PNG, JPEG, TXT or DOCX, at most 5 MB."
            accept={ACCEPT}
            clearable
            clearButtonProps={{ 'aria-label': 'Remove the attachment' }}
            leftSection={<IconPaperclip size={16} aria-hidden />}
            value={attachment}
            onChange={(picked) => {
              setAttachment(picked);
              setAttachmentError(attachmentProblem(picked));
            }}
            error={attachmentError}
          />
          {file.isPending ? (
            <Text size="sm" role="status">
              Sending…
            </Text>
          ) : null}
          <Button type="submit" loading={file.isPending} style={{ alignSelf: 'flex-end' }}>
            Send request
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

export { ContactRoute as Component };
