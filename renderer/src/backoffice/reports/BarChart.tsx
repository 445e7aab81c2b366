import { useEffect, useRef } from 'react';
import './chart-bars.css';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { isRtl } from '../../../../shared/languages.ts';
import { useFormats } from '../../i18n/format.ts';

type Props = {
  /** The figure's name for screen readers and the test: "Sales per hour". */
  title: string;
  /** Names the chart for the end-to-end tests, whatever the language on screen. */
  testId: string;
  /** One label per bar, under the axis ("09", "12 Mar"). */
  labels: readonly string[];
  /** A bar's words in its tooltip and the list of bars, where the axis's label is too short ("09:00" for "09"). */
  names?: readonly string[];
  values: readonly number[];
  /** What a bar counts, for the value axis's series. */
  unit: string;
  /** The chart in one sentence for those who cannot see it: the total and the busiest bar. */
  summary: (total: number, peak: number) => string;
  height?: number;
  /** Show every n-th label when there are many bars. */
  labelEvery?: number;
  /** The category axis's name ("Hour", "Day"). */
  xLabel?: string;
  /** The value axis's numbers: whole counts by default; amounts in their currency's units. */
  formatValue?: (value: number) => string;
  /** A click on a bar (one with something in it) opens what it counts: the sales of that hour or day. */
  onOpen?: (index: number) => void;
  /**
   * The chart's bars as buttons under it, for the keyboard and screen readers, which cannot point
   * at a bar: the disclosure's words ("Open an hour's sales"). Needs `onOpen`.
   */
  listLabel?: string;
};

const BAR = '#0b6bcb';

/**
 * A bar chart drawn by uPlot on a canvas; follows its container's width. Right to left (Arabic)
 * it mirrors like the page: time runs from the right and the value axis stands on the right.
 */
export function BarChart({
  title,
  testId,
  labels,
  names = labels,
  values,
  unit,
  summary,
  height = 220,
  labelEvery = 1,
  xLabel,
  formatValue,
  onOpen,
  listLabel,
}: Props) {
  const box = useRef<HTMLDivElement>(null);
  // The latest handler, without drawing the chart again each time the screen renders.
  const open = useRef(onOpen);
  useEffect(() => {
    open.current = onOpen;
  });
  const drillable = onOpen !== undefined;
  const { i18n } = useTranslation();
  const f = useFormats();
  const rtl = isRtl(i18n.language);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const xs = labels.map((_, i) => i);
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 240),
      height,
      legend: { show: false },
      cursor: { show: true, points: { show: false }, drag: { x: false, y: false } },
      scales: {
        x: { time: false, range: [-0.6, labels.length - 0.4], dir: rtl ? -1 : 1 },
        y: { range: (_u, _min, max) => [0, Math.max(formatValue ? 1 : 4, Math.ceil(max * 1.15))] },
      },
      axes: [
        {
          stroke: '#4a5568',
          grid: { show: false },
          ticks: { show: false },
          ...(xLabel ? { label: xLabel, labelSize: 20, labelFont: '600 12px system-ui, sans-serif' } : {}),
          splits: () => xs.filter((i) => i % labelEvery === 0),
          values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
        },
        {
          stroke: '#4a5568',
          grid: { stroke: '#e5e9f0' },
          ticks: { show: false },
          size: formatValue ? 64 : 40,
          side: rtl ? 1 : 3,
          values: (_u, splits) => splits.map((v) => (formatValue ? formatValue(v) : Number.isInteger(v) ? f.number(v) : '')),
        },
      ],
      series: [
        {},
        {
          label: unit,
          fill: BAR,
          stroke: BAR,
          width: 0,
          paths: uPlot.paths.bars!({ size: [0.7, 48], gap: 2 }),
          points: { show: false },
        },
      ],
    };
    const valueWords = (v: number) => (formatValue ? formatValue(v) : f.number(v));
    // The bar under the pointer, if it has anything to open.
    const barAt = (u: uPlot) => {
      const i = u.cursor.idx;
      return i !== null && i !== undefined && (values[i] ?? 0) > 0 ? i : null;
    };
    options.hooks = {
      setCursor: [
        (u) => {
          const i = u.cursor.idx;
          u.over.title = i === null || i === undefined ? '' : `${names[i] ?? ''}: ${valueWords(values[i] ?? 0)}`;
          if (drillable) u.over.style.cursor = barAt(u) === null ? '' : 'pointer';
        },
      ],
    };
    const plot = new uPlot(options, [xs, [...values]], element);
    if (drillable)
      plot.over.addEventListener('click', () => {
        const i = barAt(plot);
        if (i !== null) open.current?.(i);
      });
    const resize = new ResizeObserver(() => {
      const width = Math.max(element.clientWidth, 240);
      if (Math.abs(width - plot.width) > 2) plot.setSize({ width, height });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [labels, names, values, unit, height, labelEvery, rtl, f, xLabel, formatValue, drillable]);

  const total = values.reduce((sum, v) => sum + v, 0);
  let peak = 0;
  values.forEach((v, i) => {
    if (v > (values[peak] ?? 0)) peak = i;
  });

  return (
    <figure className="chart" aria-label={title}>
      <figcaption>
        <strong>{title}</strong>
        <span className="muted">{summary(total, peak)}</span>
      </figcaption>
      <div ref={box} className="chart-canvas" data-testid={`chart-${testId}`} />
      {onOpen && listLabel && total > 0 && (
        <details className="chart-bars" data-testid={`bars-${testId}`}>
          <summary>{listLabel}</summary>
          <ul>
            {values.map((v, i) =>
              v > 0 ? (
                <li key={i}>
                  <button type="button" className="chart-bar" onClick={() => onOpen(i)}>
                    <bdi>{names[i]}</bdi> <span className="chart-bar-value">{formatValue ? formatValue(v) : f.number(v)}</span>
                  </button>
                </li>
              ) : null,
            )}
          </ul>
        </details>
      )}
    </figure>
  );
}
