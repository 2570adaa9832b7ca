import { Anchor, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { PASSWORD_RULE_MESSAGE } from '@parity/domain/auth';
import { type TAcceptInvitationRequest, ZAcceptInvitationRequest } from '@parity/domain/signup';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { showAlert } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { PasswordField } from '../../../components/password-field/password-field';
import { useAcceptInvitation, useInvitation } from '../api/invitation';
import { signIn } from '../api/sign-in';
import { FormError } from '../components/form-error';
import { apiFieldErrors, errorMessage, type FieldErrors, isNotFound, validate } from '../lib/form';

type Field = keyof TAcceptInvitationRequest;
const FIELDS: readonly Field[] = ['name', 'lastname', 'password'];

/** /signup/invitation/{uuid}: an organization admin's invitation; the account is ready at once. */
export function InvitationRoute() {
  const { uuid = '' } = useParams();
  const navigate = useNavigate();
  const invitation = useInvitation(uuid);
  const accept = useAcceptInvitation(uuid);
  const [values, setValues] = useState<TAcceptInvitationRequest>({ name: '', lastname: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [signInFailure, setSignInFailure] = useState<string | null>(null);
  const refs = {
    name: useRef<HTMLInputElement>(null),
    lastname: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

  const showErrors = (found: FieldErrors<Field>) => {
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) refs[first].current?.focus();
    return first !== undefined;
  };

  const update = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (accept.isPending || !invitation.data) return;
    if (showErrors(validate<Field>(ZAcceptInvitationRequest, values))) return;
    accept.mutate(values, {
      onSuccess: async (answer) => {
        try {
          await signIn({ email: answer.email, password: values.password });
          showAlert('success', 'Welcome to Parity', `You are now a member of ${answer.organization.name}.`);
          navigate('/', { replace: true });
        } catch (error) {
          setSignInFailure(errorMessage(error));
        }
      },
      onError: (error) => showErrors(apiFieldErrors(error, FIELDS)),
    });
  };

  if (invitation.isPending) {
    return (
      <Stack gap="lg" aria-busy="true">
        <Title order={1}>Your invitation</Title>
        <Skeleton height={160} />
      </Stack>
    );
  }
  if (invitation.isError) {
    return (
      <Stack gap="lg">
        <Title order={1}>Your invitation</Title>
        <FormError
          title={isNotFound(invitation.error) ? 'This invitation cannot be used' : 'Something went wrong'}
        >
          {errorMessage(invitation.error)}
        </FormError>
        <Text size="sm">
          Ask the admin who invited you for a new invitation,{' '}
          <Anchor component={Link} to="/signup">
            sign up
          </Anchor>{' '}
          with an organization code, or{' '}
          <Anchor component={Link} to="/login">
            log in
          </Anchor>
          .
        </Text>
      </Stack>
    );
  }

  const { email, organization } = invitation.data;
  const failure =
    signInFailure ??
    (accept.isError && !Object.values(errors).some(Boolean) ? errorMessage(accept.error) : null);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Join {organization.name} on Parity</Title>
        <Text c="dimmed">
          You were invited by an admin of {organization.name}. Create your account to accept.
        </Text>
      </Stack>
      {failure ? <FormError title="The account was not created">{failure}</FormError> : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Email" name="email" type="email" autoComplete="username" value={email} readOnly />
          <TextInput
            ref={refs.name}
            label="First name"
            name="name"
            autoComplete="given-name"
            withAsterisk
            aria-required
            value={values.name}
            onChange={update('name')}
            error={errors.name}
          />
          <TextInput
            ref={refs.lastname}
            label="Last name"
            name="lastname"
            autoComplete="family-name"
            withAsterisk
            aria-required
            value={values.lastname}
            onChange={update('lastname')}
            error={errors.lastname}
          />
          <PasswordField
            ref={refs.password}
            label="Password"
            name="password"
            autoComplete="new-password"
            description={errors.password ? undefined : PASSWORD_RULE_MESSAGE}
            withAsterisk
            aria-required
            value={values.password}
            onChange={update('password')}
            error={errors.password}
          />
          <Button
            type="submit"
            kind="primary"
            size="large"
            fullWidth
            loading={accept.isPending}
            disabled={accept.isPending}
          >
            Create account and join
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

export { InvitationRoute as Component };
