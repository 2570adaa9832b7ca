import type { PhoneCheck } from '@parity/domain/validation/phone';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../testing/fetch-stub';
import { renderWithProviders } from '../../testing/render';
import {
  buildCountryOptions,
  COUNTRY_DROPDOWN_MIN_SPACE_BELOW,
  COUNTRY_LOOKUP_FAILED,
  COUNTRY_TYPEAHEAD_RESET_MS,
  PHONE_INPUT_MAXLENGTH,
  PHONE_INVALID_MESSAGE,
  PhoneInput,
  type PhoneInputProps,
} from './phone-input';

type HarnessProps = Partial<PhoneInputProps> & {
  initial?: string;
  onValue?: (value: string, check: PhoneCheck | null) => void;
};

function Harness({ initial = '', onValue, ...props }: HarnessProps) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <PhoneInput
        label="Phone"
        value={value}
        onChange={(next, check) => {
          setValue(next);
          onValue?.(next, check);
        }}
        {...props}
      />
      <button type="button">Elsewhere</button>
    </>
  );
}

const countryButton = () => screen.getByRole('button', { name: /^Country:/ });
const activeOption = () => {
  const listbox = screen.getByRole('listbox', { name: 'Country' });
  const id = listbox.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PhoneInput', () => {
  it('exposes the spec constants', () => {
    expect(COUNTRY_TYPEAHEAD_RESET_MS).toBe(700);
    expect(COUNTRY_DROPDOWN_MIN_SPACE_BELOW).toBe(200);
    expect(PHONE_INPUT_MAXLENGTH).toBe(25);
  });

  it('is labelled, limited to 25 characters and shows the selected country', () => {
    renderWithProviders(<Harness country="gb" />);
    const input = screen.getByLabelText('Phone');
    expect(input).toHaveAttribute('type', 'tel');
    expect(input).toHaveAttribute('maxlength', '25');
    expect(countryButton()).toHaveAccessibleName('Country: United Kingdom (+44)');
    expect(countryButton()).toHaveAttribute('aria-expanded', 'false');
    expect(countryButton()).toHaveAttribute('aria-haspopup', 'listbox');
  });

  it('the country list works from the keyboard: arrows, Enter, Escape and Tab', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    renderWithProviders(
      <Harness country="US" preferredCountries={['CA']} onValue={onValue} displayMode="national" />,
    );
    countryButton().focus();
    await user.keyboard('{ArrowDown}');
    const listbox = screen.getByRole('listbox', { name: 'Country' });
    expect(listbox).toHaveFocus();
    expect(countryButton()).toHaveAttribute('aria-expanded', 'true');
    expect(countryButton()).toHaveAttribute('aria-controls', listbox.id);
    expect(activeOption()).toHaveTextContent('United States');
    expect(activeOption()).toHaveAttribute('aria-selected', 'true');
    // The preferred country comes first.
    expect(within(listbox).getAllByRole('option')[0]).toHaveTextContent('Canada');

    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toHaveTextContent('Uruguay');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(activeOption()).toHaveTextContent('United Kingdom');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(countryButton()).toHaveAccessibleName('Country: United Kingdom (+44)');
    expect(countryButton()).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(countryButton()).toHaveAccessibleName('Country: United Kingdom (+44)');
    expect(countryButton()).toHaveFocus();

    await user.click(countryButton());
    expect(screen.getByRole('listbox')).toHaveFocus();
    await user.keyboard('{Tab}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveFocus();

    // A mouse choice re-reads the number against the new country.
    await user.type(screen.getByLabelText('Phone'), '020 7946 0958');
    await user.click(countryButton());
    await user.click(screen.getAllByRole('option', { name: /United States/ })[0]!);
    expect(onValue).toHaveBeenLastCalledWith('020 7946 0958', expect.objectContaining({ valid: false }));
  });

  it('type-ahead jumps by name prefix and its buffer empties after 700 ms', async () => {
    // Real time keeps flowing (React and user-event need it); the fake clock is moved on by hand.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<Harness country="US" />);
    await user.click(countryButton());
    await user.keyboard('ger');
    expect(activeOption()).toHaveTextContent('Germany');
    // Within 700 ms the keys add up: "gerf" matches nothing, the highlight stays.
    act(() => vi.advanceTimersByTime(COUNTRY_TYPEAHEAD_RESET_MS - 400));
    await user.keyboard('f');
    expect(activeOption()).toHaveTextContent('Germany');
    act(() => vi.advanceTimersByTime(COUNTRY_TYPEAHEAD_RESET_MS));
    await user.keyboard('fr');
    expect(activeOption()).toHaveTextContent('France');
    await user.keyboard('{Enter}');
    expect(countryButton()).toHaveAccessibleName('Country: France (+33)');
  });

  it('opens upward when less than 200 px are free below the button', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('innerHeight', 600);
    renderWithProviders(<Harness country="US" />);
    const rect = (bottom: number) => ({
      top: bottom - 30,
      bottom,
      left: 0,
      right: 80,
      width: 80,
      height: 30,
      x: 0,
      y: bottom - 30,
      toJSON: () => ({}),
    });
    const spy = vi.spyOn(countryButton(), 'getBoundingClientRect').mockReturnValue(rect(450) as DOMRect);
    await user.click(countryButton());
    expect(screen.getByRole('listbox')).toHaveAttribute('data-placement', 'top');
    await user.keyboard('{Escape}');
    spy.mockReturnValue(rect(400) as DOMRect);
    await user.click(countryButton());
    expect(screen.getByRole('listbox')).toHaveAttribute('data-placement', 'bottom');
  });

  it('an invalid number sets the custom validity message and shows it after blur', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    renderWithProviders(<Harness country="US" onValue={onValue} />);
    const input = screen.getByLabelText('Phone') as HTMLInputElement;
    await user.type(input, '123');
    expect(input.validationMessage).toBe(PHONE_INVALID_MESSAGE);
    expect(input.checkValidity()).toBe(false);
    expect(screen.queryByText(PHONE_INVALID_MESSAGE)).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText(PHONE_INVALID_MESSAGE)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(onValue).toHaveBeenLastCalledWith('123', expect.objectContaining({ valid: false }));

    await user.clear(input);
    await user.type(input, '2125550123');
    expect(input.validationMessage).toBe('');
    expect(screen.queryByText(PHONE_INVALID_MESSAGE)).not.toBeInTheDocument();
    expect(onValue).toHaveBeenLastCalledWith(
      '2125550123',
      expect.objectContaining({
        valid: true,
        possible: true,
        country: 'US',
        countryCode: '1',
        nationalNumber: '2125550123',
      }),
    );
  });

  it('an international number switches the country; outside the allowed countries it is invalid', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness country="US" allowedCountries={['US', 'CA']} />);
    await user.click(countryButton());
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      expect.stringContaining('Canada'),
      expect.stringContaining('United States'),
    ]);
    await user.keyboard('{Escape}');
    const input = screen.getByLabelText('Phone') as HTMLInputElement;
    await user.type(input, '+1 416 555 0123');
    expect(countryButton()).toHaveAccessibleName('Country: Canada (+1)');
    expect(input.validationMessage).toBe('');
    await user.clear(input);
    await user.type(input, '+44 20 7946 0958');
    expect(input.validationMessage).toBe(PHONE_INVALID_MESSAGE);
  });

  it('digit-only mode drops other characters; a custom pattern is enforced', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness country="US" digitsOnly />);
    const input = screen.getByLabelText('Phone');
    await user.type(input, '(212) abc 555-0123');
    expect(input).toHaveValue('(212)  555-0123');
  });

  it('a custom pattern that does not match gives the format message', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness country="US" pattern={/\+\d+/} />);
    const input = screen.getByLabelText('Phone') as HTMLInputElement;
    await user.type(input, '2125550123');
    expect(input.validationMessage).toBe('Value format is invalid');
    await user.clear(input);
    await user.type(input, '+12125550123');
    expect(input.validationMessage).toBe('');
  });

  it.each([
    ['national', '+1 212 555 0123', '(212) 555-0123'],
    ['international', '2125550123', '+1 212 555 0123'],
    ['e164', '(212) 555-0123', '+12125550123'],
    ['rfc3966', '2125550123', 'tel:+12125550123'],
    ['idd', '+44 20 7946 0958', '011 44 20 7946 0958'],
    ['auto', '2125550123', '(212) 555-0123'],
    ['auto', '+12125550123', '+1 212 555 0123'],
  ] as const)('display mode %s formats %s as %s on blur', async (mode, typed, shown) => {
    const user = userEvent.setup();
    renderWithProviders(<Harness country="US" displayMode={mode} />);
    const input = screen.getByLabelText('Phone');
    await user.type(input, typed);
    expect(input).toHaveValue(typed);
    await user.tab();
    expect(input).toHaveValue(shown);
    // The formatted text still reads as the same valid number.
    expect((input as HTMLInputElement).validationMessage).toBe('');
  });

  it('an unknown display mode is logged and treated as international; invalid numbers stay as typed', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    renderWithProviders(<Harness country="US" displayMode={'fancy' as PhoneInputProps['displayMode']} />);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('fancy'));
    const input = screen.getByLabelText('Phone');
    await user.type(input, '2125550123');
    await user.tab();
    expect(input).toHaveValue('+1 212 555 0123');
    await user.clear(input);
    await user.type(input, '555');
    await user.tab();
    expect(input).toHaveValue('555');
  });

  it('shows the country of an international number set from outside', () => {
    const { rerender } = renderWithProviders(
      <PhoneInput label="Phone" value="" onChange={() => {}} country="US" />,
    );
    expect(countryButton()).toHaveAccessibleName('Country: United States (+1)');
    rerender(<PhoneInput label="Phone" value="+33 1 23 45 67 89" onChange={() => {}} country="US" />);
    expect(countryButton()).toHaveAccessibleName('Country: France (+33)');
  });

  describe('country lookup by IP', () => {
    /** The places config names an IP lookup; `ip` answers it. Returns fetch (a mock) for its calls. */
    function stubIp(ip: () => Promise<Response>) {
      stubFetch(({ url }) => {
        if (url.pathname === '/api/places/config') {
          return json({ ip_country_url: 'https://ip.example/self', google_places: false });
        }
        if (url.href === 'https://ip.example/self') return ip();
        return new Response('not found', { status: 404 });
      });
      return vi.mocked(globalThis.fetch);
    }

    it('sets the country from an ip2c.org reply', async () => {
      const fetchStub = stubIp(async () => new Response('1;DE;DEU;Germany', { status: 200 }));
      renderWithProviders(<Harness autoDetectCountry preferredCountries={['US']} />);
      await waitFor(() => expect(countryButton()).toHaveAccessibleName('Country: Germany (+49)'));
      expect(fetchStub).toHaveBeenCalledWith(
        'https://ip.example/self',
        expect.objectContaining({ credentials: 'omit' }),
      );
    });

    it('on failure logs "unable to fetch the country" and uses the first preferred country', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      stubIp(async () => {
        throw new TypeError('Failed to fetch');
      });
      renderWithProviders(<Harness autoDetectCountry preferredCountries={['CA', 'US']} />);
      await waitFor(() => expect(warn).toHaveBeenCalledWith(COUNTRY_LOOKUP_FAILED, expect.any(TypeError)));
      expect(countryButton()).toHaveAccessibleName('Country: Canada (+1)');
    });

    it('an unexpected reply counts as a failure; without preferred countries the first listed is used', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      stubIp(async () => new Response('0;;;WRONG INPUT', { status: 200 }));
      renderWithProviders(<Harness autoDetectCountry />);
      await waitFor(() => expect(warn).toHaveBeenCalledWith(COUNTRY_LOOKUP_FAILED, expect.any(Error)));
      expect(countryButton()).toHaveAccessibleName(
        `Country: ${buildCountryOptions({})[0]!.name} (+${buildCountryOptions({})[0]!.callingCode})`,
      );
    });

    it('asks nothing when no lookup URL is configured', async () => {
      const fetchStub = vi.fn(
        async () =>
          new Response(JSON.stringify({ ip_country_url: null, google_places: false }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      );
      vi.stubGlobal('fetch', fetchStub);
      renderWithProviders(<Harness autoDetectCountry country="FR" />);
      await waitFor(() => expect(fetchStub).toHaveBeenCalledTimes(1));
      expect(countryButton()).toHaveAccessibleName('Country: France (+33)');
    });
  });
});
