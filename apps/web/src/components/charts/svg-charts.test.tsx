import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { axisTicks, Heatmap, LineChart, MIN_CHART_FONT_PX, StackedBars } from './svg-charts';

afterEach(cleanup);

describe('axisTicks', () => {
  it('counts on round steps up to the first step at or above the largest value', () => {
    expect(axisTicks(27)).toEqual([0, 10, 20, 30]);
    expect(axisTicks(3)).toEqual([0, 1, 2, 3]);
    expect(axisTicks(10)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(axisTicks(100)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(axisTicks(5_027)).toEqual([0, 2_000, 4_000, 6_000]);
  });

  it('gives fractions without float noise, and an axis for no values', () => {
    expect(axisTicks(1)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(axisTicks(0)).toEqual([0, 1]);
  });
});

const days = (n: number) => Array.from({ length: n }, (_, i) => `Day ${i + 1}`);
const tickLabels = (svg: Element) =>
  [...svg.querySelectorAll('text')].map((t) => t.textContent).filter((t) => /^[\d.]+$/.test(t ?? ''));

describe('LineChart', () => {
  it('labels the y axis with the round ticks of its values, not fractions of the largest', () => {
    render(
      <LineChart
        title="Responses"
        labels={days(3)}
        yMax={27}
        series={[{ name: 'Invited', values: [27, 27, 27] }]}
      />,
    );
    expect(tickLabels(screen.getByRole('img', { name: 'Responses' }))).toEqual(['0', '10', '20', '30']);
  });

  it('dots each point of a short series, draws a long one as a line with only its isolated points dotted', () => {
    const { rerender } = render(
      <LineChart title="Short" labels={days(3)} yMax={5} series={[{ name: 'A', values: [1, 2, 3] }]} />,
    );
    expect(screen.getByRole('img', { name: 'Short' }).querySelectorAll('circle')).toHaveLength(3);
    const long = Array.from({ length: 86 }, (_, i) => (i === 40 ? null : i === 42 ? null : i % 10));
    rerender(<LineChart title="Long" labels={days(86)} yMax={10} series={[{ name: 'A', values: long }]} />);
    const svg = screen.getByRole('img', { name: 'Long' });
    expect(svg.querySelectorAll('path')).toHaveLength(3);
    // day 42 stands alone between two gaps
    expect(svg.querySelectorAll('circle')).toHaveLength(1);
  });

  it('ends the last x label at the edge of the plot, and wraps the legend by name length', () => {
    const names = ['Hispanic or Latinx', 'Black or African American', 'Native Hawaiian or Pacific Islander'];
    render(
      <LineChart
        title="Mix"
        labels={['Sep 1', 'Oct 1', 'Nov 25']}
        yMax={10}
        series={names.map((name) => ({ name, values: [1, 2, 3] }))}
      />,
    );
    const svg = screen.getByRole('img', { name: 'Mix' });
    const label = (text: string) => [...svg.querySelectorAll('text')].find((t) => t.textContent === text)!;
    expect(label('Nov 25').getAttribute('text-anchor')).toBe('end');
    expect(label('Sep 1').getAttribute('text-anchor')).toBe('middle');
    // up to 35 characters: two names a line, the third on a line of its own inside the chart
    const ys = names.map((name) => Number(label(name).getAttribute('y')));
    expect(ys[0]).toBe(ys[1]);
    expect(ys[2]).toBeGreaterThan(ys[0]!);
    expect(Number(svg.getAttribute('viewBox')?.split(' ')[3])).toBeGreaterThan(ys[2]!);
  });
});

/** The size a text is set in: its own font-size, else its nearest group's. */
function fontSizeOf(text: Element): number {
  for (let node: Element | null = text; node && node.tagName !== 'svg'; node = node.parentElement) {
    const size = node.getAttribute('font-size');
    if (size) return Number(size);
  }
  return Number.NaN;
}

describe('chart text is never under 11 px, at any width', () => {
  it('sets every text of each chart in 11 or more, and never draws a chart narrower than its units', () => {
    render(
      <>
        <LineChart
          title="Line"
          labels={days(30)}
          yMax={27}
          series={[
            { name: 'Invited', values: days(30).map(() => 27) },
            { name: 'Hispanic or Latino', values: days(30).map(() => 3) },
          ]}
        />
        <StackedBars
          title="Bars"
          segments={['Woman', 'Man', 'Non-binary']}
          rows={[
            { label: 'Owners', counts: [1, 2, 0] },
            { label: 'Board', counts: [0, 0, 0] },
          ]}
        />
        <Heatmap
          title="Heat"
          threshold={50}
          cells={['Staff', 'Ownership', 'Board', 'Committee', 'Insights'].map((label, i) => ({
            label,
            percent: i === 0 ? null : 20 * i,
            viable: i > 2,
          }))}
        />
      </>,
    );
    for (const name of ['Line', 'Bars', 'Heat']) {
      const svg = screen.getByRole('img', { name });
      const texts = [...svg.querySelectorAll('text')];
      expect(texts.length).toBeGreaterThan(0);
      for (const text of texts) expect(fontSizeOf(text), text.textContent ?? '').toBeGreaterThanOrEqual(11);
      // A unit is drawn at least a pixel wide: the chart's min-width is its viewBox's width.
      const viewBoxWidth = Number(svg.getAttribute('viewBox')?.split(' ')[2]);
      expect(Number.parseFloat(svg.style.minWidth)).toBeGreaterThanOrEqual(viewBoxWidth);
    }
  });

  it('in every chart of the app: no font size under 11, and every SVG chart drawn through ChartSvg', () => {
    const sources = import.meta.glob('/src/**/*.tsx', { query: '?raw', import: 'default', eager: true });
    const charts = Object.entries(sources).filter(
      ([path, source]) => !path.endsWith('.test.tsx') && /fontSize=\{/.test(source as string),
    );
    expect(charts.length).toBeGreaterThan(3);
    for (const [path, source] of charts) {
      for (const match of (source as string).matchAll(/fontSize=\{(\d+(?:\.\d+)?)\}/g)) {
        expect(Number(match[1]), path).toBeGreaterThanOrEqual(MIN_CHART_FONT_PX);
      }
      // A raw <svg> scaled to its container's width would shrink its text below 11 px on a narrow
      // screen (a fixed-size one, like the health gauge, is drawn at its own size).
      const raw = (source as string).match(/<svg\s[^>]*width="100%"/g) ?? [];
      expect(raw.length, path).toBe(path.endsWith('components/charts/svg-charts.tsx') ? 1 : 0);
    }
  });
});
