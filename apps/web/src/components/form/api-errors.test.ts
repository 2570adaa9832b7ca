import { useForm } from '@mantine/form';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { applyApiErrors } from './api-errors';

const refused = (detail: unknown, message = 'body.email: Invalid email address') =>
  new ApiError({ status: 400, message, body: { message, error: 'validation_failed', detail } });

function formOf() {
  return renderHook(() => useForm({ initialValues: { email: '', name: '', address: { city: '' } } })).result;
}

describe('applyApiErrors', () => {
  it('puts each detail item on its field (first message wins) and leaves the form message empty', () => {
    const form = formOf();
    let message: string | null = 'unset';
    act(() => {
      message = applyApiErrors(
        refused([
          { field: 'body.email', message: 'Invalid email address' },
          { field: 'body.email', message: 'Second message' },
          { field: 'body.address.city', message: 'Too long' },
        ]),
        form.current,
      );
    });
    expect(message).toBeNull();
    expect(form.current.errors).toEqual({ email: 'Invalid email address', 'address.city': 'Too long' });
  });

  it('answers the form-level message when no item names a field of the form', () => {
    const form = formOf();
    let message: string | null = null;
    act(() => {
      message = applyApiErrors(
        refused([{ field: 'body.token', message: 'Expired' }], 'Link expired.'),
        form.current,
      );
    });
    expect(message).toBe('Link expired.');
    expect(form.current.errors).toEqual({});
  });

  it('maps API paths to fields when told how', () => {
    const form = formOf();
    act(() => {
      applyApiErrors(refused([{ field: 'body.address.city', message: 'Too long' }]), form.current, {
        field: (path) => path.split('.')[0],
      });
    });
    expect(form.current.errors).toEqual({ address: 'Too long' });
  });

  it('answers the message of errors without field detail, and a fallback for anything else', () => {
    const form = formOf();
    const conflict = new ApiError({
      status: 409,
      message: 'Taken',
      body: { message: 'Taken', error: 'conflict' },
    });
    expect(applyApiErrors(conflict, form.current)).toBe('Taken');
    expect(
      applyApiErrors(new ApiError({ status: 500, message: '' }), form.current, { fallback: 'Try again' }),
    ).toBe('Try again');
    expect(applyApiErrors(new Error('offline'), form.current)).toBe('offline');
  });
});
