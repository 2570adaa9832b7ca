import type {
  TResendVerificationRequest,
  TSignupAccepted,
  TSignupRequest,
  TVerifyEmailRequest,
  TVerifyEmailResponse,
} from '@parity/domain/signup';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/signup: the same answer whether or not the address is registered. Errors show inline. */
export function startSignup(input: TSignupRequest): Promise<TSignupAccepted> {
  return api.post<TSignupAccepted>('/api/signup', input, { silent: true, retries: 0 });
}

export function useStartSignup() {
  return useMutation({ mutationFn: startSignup });
}

/** POST /api/signup/verification/resend */
export function resendVerification(input: TResendVerificationRequest): Promise<TSignupAccepted> {
  return api.post<TSignupAccepted>('/api/signup/verification/resend', input, { silent: true, retries: 0 });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}

/** POST /api/signup/verification: opens the mailed link. */
export function verifyEmail(input: TVerifyEmailRequest): Promise<TVerifyEmailResponse> {
  return api.post<TVerifyEmailResponse>('/api/signup/verification', input, { silent: true, retries: 1 });
}
