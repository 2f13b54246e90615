import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';

export interface ChartSeries {
  label: string;
  /** Its colour: the stylesheet's `--c-<color>` (light and dark). */
  color: string;
  values: number[];
}

const DARK = '(prefers-color-scheme: dark)';
const cssVar = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/**
 * A line chart (uPlot, on a canvas) of counts over time; `times` in seconds. The canvas is an image
 * to assistive technology (its label says what it shows); the numbers are in the page's table.
 * Redrawn when the colour scheme or the width changes.
 */
export function Chart({ label, times, series }: { label: string; times: number[]; series: ChartSeries[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: uPlot | null = null;
    const draw = () => {
      plot?.destroy();
      const axis = { stroke: cssVar('--muted'), grid: { stroke: cssVar('--line'), width: 1 }, ticks: { stroke: cssVar('--line'), width: 1 } };
      plot = new uPlot(
        {
          width: Math.max(280, el.clientWidth),
          height: 220,
          legend: { show: false },
          cursor: { show: false },
          scales: { y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
          axes: [axis, axis],
          series: [{}, ...series.map((s) => ({ label: s.label, stroke: cssVar(`--c-${s.color}`), width: 2, points: { show: false } }))],
        },
        [times, ...series.map((s) => s.values)],
        el,
      );
    };
    draw();
    const scheme = matchMedia(DARK);
    scheme.addEventListener('change', draw);
    addEventListener('resize', draw);
    return () => {
      scheme.removeEventListener('change', draw);
      removeEventListener('resize', draw);
      plot?.destroy();
    };
  }, [times, series]);
  return (
    <figure class="chart">
      <div ref={box} role="img" aria-label={label} />
      <figcaption>
        {label}:{' '}
        {series.map((s) => (
          <span class="key" key={s.label}>
            <span class={`swatch c-${s.color}`} aria-hidden="true" />
            {s.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
