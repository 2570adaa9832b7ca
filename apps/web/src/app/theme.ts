import { type CSSVariablesResolver, createTheme, type MantineColorsTuple, Notification } from '@mantine/core';
import { menuTypeAhead } from '../components/type-ahead/type-ahead';

/** Spec 9: a tooltip sits 10 px from what it describes. */
export const TOOLTIP_OFFSET = 10;

/*
 * Parity's palettes. Shade 6 is what Mantine uses for filled, light and outline variants in the
 * light scheme, so every shade 6 below is chosen to keep text at WCAG AA contrast (4.5:1):
 * white text on parity/success/action/danger 6 (5.4 to 7.4:1), their own text on their 10% tint
 * (4.7 to 6.3:1), and black text on warning 6 (11:1).
 */
const parity: MantineColorsTuple = [
  '#eaf2fb',
  '#d3e3f5',
  '#a8c7ea',
  '#7aa9df',
  '#5290d4',
  '#3a7ecb',
  '#1f63b0',
  '#1a5597',
  '#14477f',
  '#0e3866',
];

const success: MantineColorsTuple = [
  '#e6f6ee',
  '#c8ebd7',
  '#94d7b1',
  '#5fc28a',
  '#35b06b',
  '#1e9e58',
  '#137a43',
  '#0f6838',
  '#0b552e',
  '#074323',
];

const action: MantineColorsTuple = [
  '#f1edfb',
  '#e0d7f6',
  '#c1afec',
  '#a087e2',
  '#8466d8',
  '#7150d1',
  '#5b3cc0',
  '#4d32a3',
  '#3f2986',
  '#312069',
];

const warning: MantineColorsTuple = [
  '#fff8e1',
  '#ffefb8',
  '#ffe38a',
  '#ffd65c',
  '#ffca36',
  '#ffbf1a',
  '#f5b000',
  '#d99a00',
  '#b07d00',
  '#8a6200',
];

const danger: MantineColorsTuple = [
  '#fdecec',
  '#f9d0d0',
  '#f2a3a3',
  '#ea7474',
  '#e34c4c',
  '#dc3434',
  '#c2262b',
  '#a51f24',
  '#88191d',
  '#6b1317',
];

export const theme = createTheme({
  primaryColor: 'parity',
  primaryShade: 6,
  colors: { parity, success, action, warning, danger },
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    Anchor: { defaultProps: { underline: 'hover' } },
    // Mantine paints notification text gray 6 (3.3:1 on white); gray 7 reads at 8:1.
    Notification: Notification.extend({ styles: { description: { color: 'var(--mantine-color-gray-7)' } } }),
    // Dialog and drawer headers render <header>, a second "banner" landmark next to the page's
    // own header; inside a dialog a plain container is right.
    ModalHeader: { defaultProps: { component: 'div' } },
    // A loader names what is loading (aria-label); only a role such as status may carry a name.
    Loader: { defaultProps: { role: 'status' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
    // A plain object, not Tooltip.extend: importing Tooltip here put Floating UI in every first load.
    Tooltip: { defaultProps: { offset: TOOLTIP_OFFSET } },
    // Every menu's type-ahead resets after spec 9's 350 ms.
    MenuDropdown: { defaultProps: { onKeyDown: menuTypeAhead } },
  },
});

/**
 * Mantine's light-scheme defaults for dimmed text (gray 6) and error text (red 6) sit near 3.3:1
 * on white, below AA; these keep secondary and error text readable.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-danger-6)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    // Warning's own shade 6 is a light amber: as light-variant text (badges, alerts) shade 9 keeps AA.
    '--mantine-color-warning-light-color': 'var(--mantine-color-warning-9)',
  },
  dark: {},
});
