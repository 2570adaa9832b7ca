import { Stack, VisuallyHidden } from '@mantine/core';
import { twoDecimals } from '@parity/domain/analytics-display';
import { INDEX_MAX } from '@parity/domain/scoring/constants';

/** The health gauge (spec 2 and 9): the LPI on 0 to 10 (the indices' scale), N/A when null. */
export function HealthGauge({ value }: { value: number | null }) {
  const clamped = value === null ? 0 : Math.max(0, Math.min(INDEX_MAX, value));
  const angle = Math.PI * (1 - clamped / INDEX_MAX);
  const r = 80;
  const cx = 100;
  const cy = 96;
  const end = { x: cx + r * Math.cos(angle), y: cy - r * Math.sin(angle) };
  const label = value === null ? 'N/A' : twoDecimals(value);
  return (
    <Stack gap={4} align="center">
      {value === null ? (
        <VisuallyHidden>Health gauge: N/A</VisuallyHidden>
      ) : (
        <VisuallyHidden>
          <meter min={0} max={INDEX_MAX} value={clamped} aria-label="Health gauge">
            {label} out of {INDEX_MAX}
          </meter>
        </VisuallyHidden>
      )}
      <svg viewBox="0 0 200 116" width={200} aria-hidden>
        <path
          d={`M${cx - r},${cy} A${r},${r} 0 0 1 ${cx + r},${cy}`}
          fill="none"
          stroke="#e9ecef"
          strokeWidth={16}
        />
        {value === null || clamped === 0 ? null : (
          <path
            d={`M${cx - r},${cy} A${r},${r} 0 0 1 ${end.x},${end.y}`}
            fill="none"
            stroke={clamped >= 7 ? '#2f9e44' : clamped >= 4 ? '#f08c00' : '#e03131'}
            strokeWidth={16}
          />
        )}
        <text x={cx} y={cy - 8} textAnchor="middle" fontSize={28} fontWeight={700} fill="#343a40">
          {label}
        </text>
        <text x={cx - r} y={cy + 18} textAnchor="middle" fontSize={11} fill="#868e96">
          0
        </text>
        <text x={cx + r} y={cy + 18} textAnchor="middle" fontSize={11} fill="#868e96">
          {INDEX_MAX}
        </text>
      </svg>
    </Stack>
  );
}
