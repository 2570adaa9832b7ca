import type { ReactNode } from 'react';

/**
 * Small SVG charts (no chart library: the PNG download serialises them as they are). Colours are
 * inline so that the serialised image keeps them.
 */

export const SERIES_COLOURS = [
  '#1c7ed6',
  '#e8590c',
  '#2f9e44',
  '#9c36b5',
  '#c2255c',
  '#0c8599',
  '#f08c00',
  '#495057',
];
const AXIS = '#868e96';
const TEXT = '#343a40';
const FONT = 'system-ui, sans-serif';

/** The smallest size chart text is set in, in px at the chart's drawn width (DESIGN: never smaller). */
export const MIN_CHART_FONT_PX = 11;

/**
 * A chart's SVG: drawn in `width` x `height` units, as wide as its container but never narrower
 * than `width` px, so a unit is never under a pixel and text set in 11 or more stays 11 px or more
 * at any screen width (a narrow screen scrolls the chart; ChartPanel's frame scrolls). The title
 * names the image for screen readers and the PNG download.
 */
export function ChartSvg({
  title,
  width,
  height,
  children,
}: {
  title: string;
  width: number;
  height: number;
  children: ReactNode;
}) {
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      style={{ minWidth: width, display: 'block' }}
      role="img"
      aria-label={title}
      fontFamily={FONT}
    >
      <title>{title}</title>
      {children}
    </svg>
  );
}

export interface LineSeries {
  name: string;
  values: (number | null)[];
}

/**
 * The y axis of values from 0 to `max`: a round step (1, 2 or 5 times a power of ten) giving at
 * most 5 intervals, and the axis top, the first step at or above `max`.
 */
export function axisTicks(max: number): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= raw) ?? 10 * power;
  const intervals = Math.max(1, Math.ceil(max / step - 1e-9));
  // toPrecision drops the float error of step multiples (0.6000000000000001)
  return Array.from({ length: intervals + 1 }, (_, i) => Number((i * step).toPrecision(12)));
}

/** Past this many points a line is drawn without a dot on each (a dot a day crowds the line). */
const MAX_DOTTED_POINTS = 40;

/**
 * A line chart over labelled points (x in order) with values from 0 to `yMax`, on an axis of round
 * steps; null values leave gaps. Empty labels leave their point unlabelled.
 */
export function LineChart({
  title,
  labels,
  series,
  yMax,
}: {
  title: string;
  labels: string[];
  series: LineSeries[];
  yMax: number;
}) {
  const width = 640;
  const left = 44;
  const right = 16;
  const top = 16;
  const plotW = width - left - right;
  const plotH = 220;
  const names = series.map((s) => s.name);
  const legend = legendLayout(names, plotW);
  // the x labels, then the legend's lines
  const height = top + plotH + 30 + legend.height;
  const ticks = axisTicks(yMax);
  const axisTop = ticks[ticks.length - 1] ?? yMax;
  const x = (i: number) => left + (labels.length <= 1 ? plotW / 2 : (plotW * i) / (labels.length - 1));
  const y = (v: number) => top + plotH - (plotH * Math.max(0, Math.min(v, axisTop))) / axisTop;
  const last = labels.length - 1;
  return (
    <ChartSvg title={title} width={width} height={height}>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={left} x2={width - right} y1={y(t)} y2={y(t)} stroke="#e9ecef" />
          <text x={left - 6} y={y(t) + 4} fontSize={11} textAnchor="end" fill={AXIS}>
            {t}
          </text>
        </g>
      ))}
      <line x1={left} x2={width - right} y1={top + plotH} y2={top + plotH} stroke={AXIS} />
      {labels.map((label, i) => (
        <text
          key={label + String(i)}
          x={x(i)}
          y={top + plotH + 16}
          fontSize={11}
          // the last label ends at the plot's edge instead of running past it
          textAnchor={i === last && last > 0 ? 'end' : 'middle'}
          fill={AXIS}
        >
          {label}
        </text>
      ))}
      {series.map((s, si) => {
        const colour = SERIES_COLOURS[si % SERIES_COLOURS.length];
        const segments: string[] = [];
        let current = '';
        s.values.forEach((v, i) => {
          if (v === null) {
            if (current) segments.push(current);
            current = '';
          } else current += `${current ? 'L' : 'M'}${x(i)},${y(v)}`;
        });
        if (current) segments.push(current);
        return (
          <g key={s.name}>
            {segments.map((d) => (
              <path key={d} d={d} fill="none" stroke={colour} strokeWidth={2} />
            ))}
            {s.values.map((v, i) =>
              v === null || (labels.length > MAX_DOTTED_POINTS && !isolated(s.values, i)) ? null : (
                // biome-ignore lint/suspicious/noArrayIndexKey: one point per label, in order
                <circle key={i} cx={x(i)} cy={y(v)} r={3.5} fill={colour} />
              ),
            )}
          </g>
        );
      })}
      <Legend names={names} layout={legend} left={left} top={top + plotH + 30} />
    </ChartSvg>
  );
}

/** A point with no value on either side: without a dot it would not show at all. */
const isolated = (values: (number | null)[], i: number) =>
  (values[i - 1] ?? null) === null && (values[i + 1] ?? null) === null;

const LEGEND_LINE = 18;

/**
 * How a legend of these names fits a plot this wide: as many entries a line as the longest name
 * leaves room for (about 6 px a character at 11 px, plus the swatch), so that four short gender
 * names share a line and long race/ethnicity names take two or one.
 */
function legendLayout(names: string[], plotW: number) {
  const entryW = 22 + 6.2 * Math.max(0, ...names.map((name) => name.length));
  const perLine = entryW <= plotW / 4 ? 4 : entryW <= plotW / 2 ? 2 : 1;
  return { perLine, columnW: plotW / perLine, height: Math.ceil(names.length / perLine) * LEGEND_LINE };
}

/** The colour key of a chart's series or segments, laid out by legendLayout from (left, top). */
function Legend({
  names,
  layout,
  left,
  top,
}: {
  names: string[];
  layout: ReturnType<typeof legendLayout>;
  left: number;
  top: number;
}) {
  return (
    <g>
      {names.map((name, i) => {
        const x = left + (i % layout.perLine) * layout.columnW;
        const y = top + Math.floor(i / layout.perLine) * LEGEND_LINE;
        return (
          <g key={name}>
            <rect x={x} y={y} width={12} height={12} fill={SERIES_COLOURS[i % SERIES_COLOURS.length]} />
            <text x={x + 16} y={y + 10} fontSize={11} fill={TEXT}>
              {name}
            </text>
          </g>
        );
      })}
    </g>
  );
}

export interface StackedRow {
  label: string;
  /** counts per segment, in the order of `segments` */
  counts: number[];
}

/** One 100% bar per row (its share of each segment), with the total at the end. */
export function StackedBars({
  title,
  segments,
  rows,
}: {
  title: string;
  segments: string[];
  rows: StackedRow[];
}) {
  const width = 640;
  const left = 96;
  const right = 56;
  const barH = 22;
  const gap = 14;
  const plotW = width - left - right;
  const legend = legendLayout(segments, plotW);
  const height = 12 + rows.length * (barH + gap) + legend.height + 8;
  return (
    <ChartSvg title={title} width={width} height={height}>
      {rows.map((row, ri) => {
        const total = row.counts.reduce((sum, c) => sum + c, 0);
        const top = 8 + ri * (barH + gap);
        let at = left;
        return (
          <g key={row.label}>
            <text x={left - 8} y={top + barH / 2 + 4} fontSize={12} textAnchor="end" fill={TEXT}>
              {row.label}
            </text>
            {total === 0 ? (
              <rect x={left} y={top} width={plotW} height={barH} fill="#f1f3f5" />
            ) : (
              row.counts.map((count, si) => {
                const w = (plotW * count) / total;
                const x = at;
                at += w;
                return count === 0 ? null : (
                  <rect
                    key={segments[si]}
                    x={x}
                    y={top}
                    width={w}
                    height={barH}
                    fill={SERIES_COLOURS[si % SERIES_COLOURS.length]}
                  >
                    <title>{`${row.label}, ${segments[si]}: ${count} (${Math.round((100 * count) / total)}%)`}</title>
                  </rect>
                );
              })
            )}
            <text x={width - right + 6} y={top + barH / 2 + 4} fontSize={12} fill={TEXT}>
              {total === 0 ? 'none' : total}
            </text>
          </g>
        );
      })}
      <Legend names={segments} layout={legend} left={left} top={8 + rows.length * (barH + gap)} />
    </ChartSvg>
  );
}

export interface HeatCell {
  label: string;
  percent: number | null;
  viable: boolean;
}

/** Colour of a percentage: red under the viability threshold, shading to green at 100. */
function heatColour(percent: number | null, threshold: number): string {
  if (percent === null) return '#e9ecef';
  if (percent < threshold) return percent < threshold / 2 ? '#ffa8a8' : '#ffc9c9';
  return percent >= 90 ? '#8ce99a' : percent >= 75 ? '#b2f2bb' : '#d3f9d8';
}

/** One cell per component: its transparency and whether it is viable. */
export function Heatmap({
  title,
  cells,
  threshold,
}: {
  title: string;
  cells: HeatCell[];
  threshold: number;
}) {
  const cellW = 170;
  const width = cells.length * cellW + 16;
  const height = 104;
  return (
    <ChartSvg title={title} width={width} height={height}>
      {cells.map((cell, i) => {
        const x = 8 + i * cellW;
        return (
          <g key={cell.label}>
            <rect
              x={x + 4}
              y={8}
              width={cellW - 8}
              height={88}
              rx={6}
              fill={heatColour(cell.percent, threshold)}
            />
            <text x={x + cellW / 2} y={32} fontSize={13} textAnchor="middle" fill={TEXT}>
              {cell.label}
            </text>
            <text x={x + cellW / 2} y={60} fontSize={22} fontWeight={700} textAnchor="middle" fill={TEXT}>
              {cell.percent === null ? 'N/A' : `${cell.percent.toFixed(2)}%`}
            </text>
            <text x={x + cellW / 2} y={84} fontSize={12} textAnchor="middle" fill={TEXT}>
              {cell.percent === null ? 'nothing requested' : cell.viable ? 'viable' : 'not viable'}
            </text>
          </g>
        );
      })}
    </ChartSvg>
  );
}
