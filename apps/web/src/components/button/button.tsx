import {
  createPolymorphicComponent,
  Button as MantineButton,
  type ButtonProps as MantineButtonProps,
  type MantineSize,
} from '@mantine/core';

/** The product's button types and sizes (spec section 9). */
export const BUTTON_TYPES = [
  'primary',
  'secondary',
  'tertiary',
  'blanc',
  'success',
  'action',
  'warning',
  'error',
  'primary-outlined',
] as const;
export type ButtonType = (typeof BUTTON_TYPES)[number];

export const BUTTON_SIZES = ['small', 'medium', 'large'] as const;
export type ButtonSize = (typeof BUTTON_SIZES)[number];

export interface ButtonAppearance {
  variant: NonNullable<MantineButtonProps['variant']>;
  color?: string;
  autoContrast?: boolean;
}

/**
 * How each product type renders with Mantine. Colours are palettes of app/theme.ts whose
 * filled shade keeps text at AA contrast; warning is a light fill, so its label is dark.
 */
export const BUTTON_APPEARANCE: Record<ButtonType, ButtonAppearance> = {
  primary: { variant: 'filled', color: 'parity' },
  secondary: { variant: 'light', color: 'parity' },
  tertiary: { variant: 'subtle', color: 'parity' },
  blanc: { variant: 'default' },
  success: { variant: 'filled', color: 'success' },
  action: { variant: 'filled', color: 'action' },
  warning: { variant: 'filled', color: 'warning', autoContrast: true },
  error: { variant: 'filled', color: 'danger' },
  'primary-outlined': { variant: 'outline', color: 'parity' },
};

export const BUTTON_SIZE_MAP: Record<ButtonSize, MantineSize> = {
  small: 'xs',
  medium: 'sm',
  large: 'md',
};

export interface ButtonProps extends Omit<MantineButtonProps, 'variant' | 'size' | 'color' | 'autoContrast'> {
  /**
   * The product type (spec: button types). Named `kind` because `type` stays the HTML attribute
   * (button, submit, reset), which defaults to "button".
   */
  kind?: ButtonType;
  size?: ButtonSize;
}

function ButtonComponent({ kind = 'primary', size = 'medium', ...rest }: ButtonProps) {
  // `component` (polymorphism) and `ref` travel in `rest` untyped, as in Mantine's wrapping guide.
  const appearance = BUTTON_APPEARANCE[kind];
  return (
    <MantineButton
      variant={appearance.variant}
      color={appearance.color}
      autoContrast={appearance.autoContrast}
      size={BUTTON_SIZE_MAP[size]}
      data-kind={kind}
      data-size={size}
      {...rest}
    />
  );
}

/** The product's Button: Mantine's Button with Parity's types and sizes; polymorphic (`component={Link}`). */
export const Button = createPolymorphicComponent<'button', ButtonProps>(ButtonComponent);
