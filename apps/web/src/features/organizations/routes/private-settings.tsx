import {
  Card,
  ColorSwatch,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { displayName } from '@parity/domain/account';
import {
  canBePubliclyTraded,
  normaliseOrganizationForm,
  ORGANIZATION_FORM_LABELS,
  organizationFormErrors,
} from '@parity/domain/organization-form';
import {
  ORGANIZATION_UPDATED_MESSAGE,
  type TOrganizationSettings,
  type TOrganizationSettingsUpdate,
  ZOrganizationSettingsUpdate,
} from '@parity/domain/organization-settings';
import { useState } from 'react';
import { useOutletContext } from 'react-router';
import { alertStore, showAlert } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { applyApiErrors } from '../../../components/form/api-errors';
import { DateField } from '../../../components/form/date-field';
import { ReadOnlyField } from '../../../components/form/read-only-field';
import { OrganizationCountFields } from '../../../components/organization-count-fields/organization-count-fields';
import { ProtectedImage } from '../../../components/protected-image/protected-image';
import { Select } from '../../../components/select/select';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { useDictionary } from '../../../lib/dictionaries';
import { useMembers } from '../../../lib/members';
import { useUploadOrganizationImage } from '../api/library';
import { useIsOrganizationAdmin, useUpdateSettings } from '../api/space';
import { ExportDataCard } from '../components/export-data-card';
import { DEFAULT_LOGO } from '../components/organization-logo';
import { UploadButton } from '../components/upload-button';
import { ORGANIZATION_IMAGE_LIMIT } from '../lib/file-limits';

export const SETTINGS_SAVED = { title: 'Success!', description: ORGANIZATION_UPDATED_MESSAGE } as const;

type FormValues = Required<{
  [K in keyof TOrganizationSettingsUpdate]: Exclude<TOrganizationSettingsUpdate[K], undefined>;
}>;
type Field = keyof FormValues;

const L = ORGANIZATION_FORM_LABELS;

function fromSettings(s: TOrganizationSettings): FormValues {
  return {
    name: s.name,
    legal_structure: s.legal_structure,
    inception_date: s.inception_date,
    primary_contact_id: s.primary_contact_id,
    is_publicly_traded: s.is_publicly_traded,
    ticker_symbol: s.ticker_symbol,
    total_full_time_employees: s.total_full_time_employees,
    total_leaders: s.total_leaders,
    total_owners: s.total_owners,
    about: s.about,
    website: s.website,
    color_id: s.color_id,
    is_public: s.is_public,
    publish_scores: s.publish_scores,
  };
}

/** The body sent: empty texts as null, the ticker only when there is one. */
function toBody(values: FormValues): TOrganizationSettingsUpdate {
  const text = (v: string | null) => (v?.trim() ? v.trim() : null);
  return {
    ...values,
    name: values.name?.trim() ?? '',
    ticker_symbol: text(values.ticker_symbol),
    about: text(values.about),
    website: text(values.website),
    inception_date: values.inception_date || null,
  };
}

const checkBody = schemaResolver(ZOrganizationSettingsUpdate, { sync: true });

/** Every rule's message (spec 5 via the shared domain rules), then the body schema's for the other fields. */
function settingsErrors(values: FormValues) {
  return { ...checkBody(toBody(values)), ...organizationFormErrors(values, { requireName: true }) };
}

function ImageSetting({
  which,
  organization,
}: {
  which: 'logo' | 'cover';
  organization: TOrganizationSettings;
}) {
  const upload = useUploadOrganizationImage(which);
  const label = which === 'logo' ? 'Logo' : 'Cover';
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {organization[which] ? (
        <ProtectedImage
          src={organization[which]}
          alt={`${organization.name} ${which}`}
          fallback={DEFAULT_LOGO}
          h={which === 'logo' ? 72 : 120}
          w={which === 'logo' ? 72 : '100%'}
          fit={which === 'logo' ? 'contain' : 'cover'}
          radius="sm"
        />
      ) : (
        <Text size="sm" c="dimmed">
          No {which} yet
        </Text>
      )}
      <UploadButton
        label={`Upload ${which}`}
        limit={ORGANIZATION_IMAGE_LIMIT}
        upload={(file, onProgress) =>
          upload
            .mutateAsync({ file, onProgress })
            .then((answer) => showAlert('success', 'Success!', answer.message))
        }
      />
    </Stack>
  );
}

/** /organizations/private/settings: the organization form (spec 5), colour, public or private, logo and cover. */
export function PrivateSettingsRoute() {
  const organization = useOutletContext<TOrganizationSettings>();
  const isAdmin = useIsOrganizationAdmin();
  const members = useMembers();
  const legalStructures = useDictionary('legalStructures');
  const colors = useDictionary('colors');
  const update = useUpdateSettings();
  const form = useForm<FormValues>({ initialValues: fromSettings(organization), validate: settingsErrors });
  const values = form.values;
  const [submitted, setSubmitted] = useState(false);
  const readOnly = !isAdmin;

  // The rules tie fields together: after the first save, every change checks the whole form again.
  const set = <K extends Field>(field: K, value: FormValues[K]) => {
    form.setValues(normaliseOrganizationForm({ ...form.getValues(), [field]: value }));
    if (submitted) form.validate();
  };

  const save = form.onSubmit((values) => {
    update.mutate(toBody(values), {
      onSuccess: (answer) => {
        form.setValues(fromSettings(answer.organization));
        showAlert('success', SETTINGS_SAVED.title, answer.message || SETTINGS_SAVED.description);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400)
          applyApiErrors(error, form, { field: (path) => path.split('.')[0] });
        alertStore.add({ type: 'error', title: 'Error', description: error.message });
      },
    });
  });

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    setSubmitted(true);
    save(event);
  };

  const legal = values.legal_structure;
  const contacts = (members.data?.data ?? [])
    .filter((m) => m.status === 'approved')
    .map((m) => ({ value: String(m.id), label: displayName(m.name, m.lastname) || m.email }));
  if (values.primary_contact_id && !contacts.some((o) => o.value === String(values.primary_contact_id))) {
    contacts.push({
      value: String(values.primary_contact_id),
      label: organization.primary_contact_name ?? 'A former member',
    });
  }
  const colorOptions = (colors.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  const selectedColor = colors.data?.find((c) => c.id === values.color_id);

  return (
    <Stack gap="md">
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="organization-form-title">
        <Title order={2} size="h4" id="organization-form-title" mb="md">
          Organization profile
        </Title>
        {readOnly ? (
          <Text size="sm" c="dimmed" mb="sm">
            Only the organization's admins edit its profile.
          </Text>
        ) : null}
        {readOnly ? (
          // Members read the profile's values as text; only admins get the form.
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <ReadOnlyField label={L.name} value={values.name} />
              <ReadOnlyField
                label={L.legal_structure}
                value={(legalStructures.data ?? []).find((s) => s.id === legal)?.name ?? null}
              />
              <ReadOnlyField
                label={L.inception_date}
                value={values.inception_date && formatDate(values.inception_date)}
              />
              <ReadOnlyField
                label={L.primary_contact_id}
                value={contacts.find((o) => o.value === String(values.primary_contact_id))?.label ?? null}
              />
              <ReadOnlyField label={L.is_publicly_traded} value={Boolean(values.is_publicly_traded)} />
              <ReadOnlyField label={L.ticker_symbol} value={values.ticker_symbol} />
              <OrganizationCountFields
                labels={L}
                legalStructure={legal}
                publiclyTraded={Boolean(values.is_publicly_traded)}
                values={values}
                errors={form.errors}
                readOnly
                onChange={(field, count) => set(field, count)}
              />
              <ReadOnlyField label="Website" value={values.website} />
              <ReadOnlyField label="Colour" value={selectedColor?.name ?? null} />
            </SimpleGrid>
            <ReadOnlyField label="About" value={values.about} />
            <ReadOnlyField label="Public organization" value={Boolean(values.is_public)} />
            <ReadOnlyField
              label="Publish LPI scores on the public page"
              value={Boolean(values.publish_scores)}
            />
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate aria-labelledby="organization-form-title">
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput
                  label={L.name}
                  required
                  value={values.name ?? ''}
                  onChange={(e) => set('name', e.currentTarget.value)}
                  error={form.errors.name}
                />
                <Select
                  label={L.legal_structure}
                  required
                  data={(legalStructures.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
                  value={legal === null ? null : String(legal)}
                  onChange={(v) => set('legal_structure', v ? Number(v) : null)}
                  error={form.errors.legal_structure}
                  allowDeselect={false}
                />
                <DateField
                  label={L.inception_date}
                  required
                  clearable={false}
                  // No maxDate: a later date typed in must show the rule's message, not be dropped.
                  value={values.inception_date}
                  onChange={(date) => set('inception_date', date)}
                  error={form.errors.inception_date}
                />
                <Select
                  label={L.primary_contact_id}
                  required
                  searchable
                  data={contacts}
                  value={values.primary_contact_id ? String(values.primary_contact_id) : null}
                  onChange={(v) => set('primary_contact_id', v ? Number(v) : null)}
                  error={form.errors.primary_contact_id}
                  nothingFoundMessage="No approved members"
                />
                <Switch
                  label={L.is_publicly_traded}
                  description={canBePubliclyTraded(legal) ? undefined : 'Only for a Corporation (C Corp)'}
                  checked={Boolean(values.is_publicly_traded)}
                  onChange={(e) => set('is_publicly_traded', e.currentTarget.checked)}
                  disabled={!canBePubliclyTraded(legal)}
                  error={form.errors.is_publicly_traded}
                  mt={{ sm: 'xl' }}
                />
                <TextInput
                  label={L.ticker_symbol}
                  required={Boolean(values.is_publicly_traded)}
                  value={values.ticker_symbol ?? ''}
                  onChange={(e) => set('ticker_symbol', e.currentTarget.value)}
                  error={form.errors.ticker_symbol}
                />
                <OrganizationCountFields
                  labels={L}
                  legalStructure={legal}
                  publiclyTraded={Boolean(values.is_publicly_traded)}
                  values={values}
                  errors={form.errors}
                  onChange={(field, count) => set(field, count)}
                />
                <TextInput
                  type="url"
                  label="Website"
                  value={values.website ?? ''}
                  onChange={(e) => set('website', e.currentTarget.value)}
                  error={form.errors.website}
                />
                <Select
                  label="Colour"
                  data={colorOptions}
                  value={values.color_id ? String(values.color_id) : null}
                  onChange={(v) => set('color_id', v ? Number(v) : null)}
                  error={form.errors.color_id}
                  clearable
                  leftSection={selectedColor ? <ColorSwatch color={selectedColor.hex} size={16} /> : null}
                />
              </SimpleGrid>
              <Textarea
                label="About"
                rows={4}
                value={values.about ?? ''}
                onChange={(e) => set('about', e.currentTarget.value)}
                error={form.errors.about}
              />
              <Switch
                label="Public organization"
                description="Public organizations are listed in the directory and their page is visible to other organizations."
                checked={Boolean(values.is_public)}
                onChange={(e) => set('is_public', e.currentTarget.checked)}
              />
              <Switch
                label="Publish LPI scores on the public page"
                description={
                  values.is_public
                    ? 'Other organizations see the LPI scores of your latest submitted profile on your public page.'
                    : 'Make the organization public first; the scores are shown only on a public page.'
                }
                checked={Boolean(values.publish_scores)}
                onChange={(e) => set('publish_scores', e.currentTarget.checked)}
                disabled={!values.is_public}
              />
              <Group>
                <Button type="submit" loading={update.isPending}>
                  Save
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Card>
      {readOnly ? null : (
        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="images-title">
          <Title order={2} size="h4" id="images-title" mb="md">
            Logo and cover
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <ImageSetting which="logo" organization={organization} />
            <ImageSetting which="cover" organization={organization} />
          </SimpleGrid>
        </Card>
      )}
      {readOnly ? null : <ExportDataCard />}
    </Stack>
  );
}

export { PrivateSettingsRoute as Component };
