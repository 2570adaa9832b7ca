/**
 * The distribution of one figure across a survey's respondents: one dot per respondent (spread
 * vertically so equal values stay visible), the box from the first to the third quartile with the
 * median, the whiskers to the minimum and maximum, and the mean. SVG with inline colours, so the
 * PNG download keeps them.
 */

import { ChartSvg } from '../../../components/charts/svg-charts';

const AXIS = '#868e96';
const TEXT = '#343a40';
const DOT = '#1c7ed6';
const HIGHLIGHT = '#e8590c';

export interface DistributionPoint {
  id: number;
  label: string;
  /** the value as shown (already scaled) */
  value: number;
}

export interface DistributionChartProps {
  title: string;
  points: readonly DistributionPoint[];
  /** min, quartiles and max as shown; null while suppressed */
  box: { min: number; q1: number; median: number; q3: number; max: number } | null;
  mean: number | null;
  max: number;
  /** a respondent to draw in another colour (the one whose manager view is open) */
  highlightId?: number | null;
}

/** A fixed pseudo-random spread in [-1, 1] per point, so the chart is the same at every render. */
const spread = (i: number) => (((i * 2654435761) >>> 0) % 1000) / 500 - 1;

export function DistributionChart({ title, points, box, mean, max, highlightId }: DistributionChartProps) {
  const width = 640;
  const height = 220;
  const left = 24;
  const right = 24;
  const mid = 96;
  const plotW = width - left - right;
  const x = (v: number) => left + (plotW * Math.max(0, Math.min(v, max))) / max;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * max);
  const highlighted = points.find((p) => p.id === highlightId);
  return (
    <ChartSvg title={title} width={width} height={height}>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={x(t)} x2={x(t)} y1={24} y2={168} stroke="#e9ecef" />
          <text x={x(t)} y={186} fontSize={11} textAnchor="middle" fill={AXIS}>
            {t}
          </text>
        </g>
      ))}
      <line x1={left} x2={width - right} y1={168} y2={168} stroke={AXIS} />
      {box ? (
        <g>
          <line x1={x(box.min)} x2={x(box.q1)} y1={mid} y2={mid} stroke={TEXT} />
          <line x1={x(box.q3)} x2={x(box.max)} y1={mid} y2={mid} stroke={TEXT} />
          <line x1={x(box.min)} x2={x(box.min)} y1={mid - 10} y2={mid + 10} stroke={TEXT} />
          <line x1={x(box.max)} x2={x(box.max)} y1={mid - 10} y2={mid + 10} stroke={TEXT} />
          <rect
            x={x(box.q1)}
            y={mid - 28}
            width={Math.max(1, x(box.q3) - x(box.q1))}
            height={56}
            fill="#e7f5ff"
            fillOpacity={0.6}
            stroke={TEXT}
          />
          <line
            x1={x(box.median)}
            x2={x(box.median)}
            y1={mid - 28}
            y2={mid + 28}
            stroke={TEXT}
            strokeWidth={3}
          />
        </g>
      ) : null}
      {points.map((p, i) => (
        <circle key={p.id} cx={x(p.value)} cy={mid + spread(i) * 40} r={3.5} fill={DOT} fillOpacity={0.55}>
          <title>{`${p.label}: ${p.value}`}</title>
        </circle>
      ))}
      {highlighted ? (
        <circle cx={x(highlighted.value)} cy={mid} r={7} fill={HIGHLIGHT} stroke="#ffffff" strokeWidth={2}>
          <title>{`${highlighted.label}: ${highlighted.value}`}</title>
        </circle>
      ) : null}
      {mean === null ? null : (
        <g>
          <path
            d={`M${x(mean)},${mid - 40} l6,8 l-6,8 l-6,-8 z`}
            fill="#2f9e44"
            stroke="#ffffff"
            strokeWidth={1}
          />
          <text x={x(mean)} y={mid - 46} fontSize={11} textAnchor="middle" fill={TEXT}>
            mean
          </text>
        </g>
      )}
      <g fontSize={11} fill={TEXT}>
        <circle cx={left + 6} cy={206} r={4} fill={DOT} fillOpacity={0.55} />
        <text x={left + 16} y={210}>
          one respondent
        </text>
        <rect x={left + 120} y={200} width={14} height={12} fill="#e7f5ff" stroke={TEXT} />
        <text x={left + 140} y={210}>
          middle half (quartiles 1 to 3), median line
        </text>
        <path d={`M${left + 420},200 l6,6 l-6,6 l-6,-6 z`} fill="#2f9e44" />
        <text x={left + 432} y={210}>
          mean
        </text>
      </g>
    </ChartSvg>
  );
}
