import { Fieldset, SimpleGrid } from '@mantine/core';
import { formValueError, type TForm, type TFormValue } from '@parity/domain/lpi/forms';
import { FormInput } from './form-input';

export type FormDraft = Record<number, unknown>;

/** The answers to edit: the saved value, else the field's default. */
export function initialFormDraft(form: TForm): FormDraft {
  const draft: FormDraft = {};
  for (const section of form.sections) {
    for (const input of section.inputs) draft[input.id] = input.value ?? input.default_value ?? null;
  }
  return draft;
}

/** Each field's message from the shared rules (by type), or nothing. */
export function formDraftErrors(form: TForm, draft: FormDraft): Record<number, string> {
  const errors: Record<number, string> = {};
  for (const section of form.sections) {
    for (const input of section.inputs) {
      const message = formValueError(input, normalise(draft[input.id]));
      if (message) errors[input.id] = message;
    }
  }
  return errors;
}

const normalise = (value: unknown) => (value === '' || value === undefined ? null : value);

/** The save body's data: every field of the form with its answer (null clears it). */
export function formDraftData(form: TForm, draft: FormDraft): TFormValue[] {
  return form.sections.flatMap((section) =>
    section.inputs.map((input) => ({ field_id: input.id, value: normalise(draft[input.id]) })),
  );
}

export interface GeneratedFormProps {
  form: TForm;
  draft: FormDraft;
  onChange: (fieldId: number, value: unknown) => void;
  errors: Record<number, string>;
  readOnly: boolean;
}

/** A generated form (spec 3 Forms): its sections, each input rendered by its type. */
export function GeneratedForm({ form, draft, onChange, errors, readOnly }: GeneratedFormProps) {
  return (
    <>
      {form.sections.map((section) => (
        <Fieldset key={section.name} legend={section.name}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {section.inputs.map((input) => (
              <FormInput
                key={input.id}
                input={input}
                value={draft[input.id] ?? null}
                onChange={(value) => onChange(input.id, value)}
                error={errors[input.id]}
                readOnly={readOnly}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
      ))}
    </>
  );
}
