/** The Parity mark: two balanced bars over a baseline. Decorative next to the word "Parity". */
export function ParityLogo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#1f63b0" />
      <rect x="8" y="9" width="6" height="14" rx="2" fill="#ffffff" />
      <rect x="18" y="9" width="6" height="14" rx="2" fill="#a8c7ea" />
      <rect x="7" y="24.5" width="18" height="2" rx="1" fill="#ffffff" />
    </svg>
  );
}
