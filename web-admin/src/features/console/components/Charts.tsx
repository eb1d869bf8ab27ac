/**
 * Hand-drawn SVG charts (issue 19: no charting library — two small charts do
 * not justify 40–100 kB of JavaScript; see docs/decisions/0265-admin-charts-drawn-by-hand-in-svg.md). They scale to
 * their box through the viewBox and describe themselves to screen readers.
 */
export interface Point {
  label: string;
  value: number;
}

const W = 600;
const H = 200;
const PAD = { top: 12, right: 8, bottom: 28 };
/** Width of one character of the 11 px axis text, in viewBox units (digits and Latin capitals are about 6.2). */
const CHAR = 6.6;

function ticks(max: number): number[] {
  if (max <= 0) return [0];
  const step = 10 ** Math.floor(Math.log10(max));
  const nice = [1, 2, 5, 10].map((m) => m * step).find((s) => max / s <= 4) ?? step * 10;
  const out: number[] = [];
  for (let v = 0; v <= max + nice / 2; v += nice) out.push(v);
  return out;
}

function Frame({
  points,
  max,
  left,
  format,
  children,
  title,
}: {
  points: Point[];
  max: number;
  left: number;
  format(v: number): string;
  title: string;
  children: React.ReactNode;
}) {
  const scaleY = (v: number) => PAD.top + (H - PAD.top - PAD.bottom) * (1 - v / (max || 1));
  const every = Math.ceil(points.length / 6);
  const x = (i: number) => left + ((W - left - PAD.right) * (i + 0.5)) / points.length;
  return (
    <svg className="chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title}>
      {ticks(max).map((v) => (
        <g key={v}>
          <line x1={left} x2={W - PAD.right} y1={scaleY(v)} y2={scaleY(v)} className="chart__grid" />
          <text x={left - 6} y={scaleY(v) + 4} className="chart__axis" textAnchor="end">
            {format(v)}
          </text>
        </g>
      ))}
      {points.map((p, i) =>
        i % every === 0 ? (
          <text key={p.label} x={x(i)} y={H - 8} className="chart__axis" textAnchor="middle">
            {p.label.slice(5).replace('-', '/')}
          </text>
        ) : null,
      )}
      {children}
    </svg>
  );
}

/**
 * The chart's scale and its left margin: wide enough for the longest value label ("476.84 MB"), so the
 * axis reads whole instead of being cut at the box's edge.
 */
function scale(points: Point[], format: (v: number) => string) {
  const marks = ticks(Math.max(0, ...points.map((p) => p.value)));
  const widest = Math.max(...marks.map((v) => format(v).length));
  return { max: Math.max(...marks), left: Math.max(32, Math.ceil(widest * CHAR) + 12) };
}

export function BarChart({
  points,
  title,
  format = String,
}: {
  points: Point[];
  title: string;
  format?(v: number): string;
}) {
  const { max, left } = scale(points, format);
  const inner = W - left - PAD.right;
  const band = inner / points.length;
  const y = (v: number) => PAD.top + (H - PAD.top - PAD.bottom) * (1 - v / (max || 1));
  return (
    <Frame points={points} max={max} left={left} format={format} title={title}>
      {points.map((p, i) => (
        <rect
          key={p.label}
          className="chart__bar"
          x={left + band * i + band * 0.15}
          width={band * 0.7}
          y={y(p.value)}
          height={H - PAD.bottom - y(p.value)}
          rx={2}
        >
          <title>{`${p.label}: ${format(p.value)}`}</title>
        </rect>
      ))}
    </Frame>
  );
}

export function AreaChart({
  points,
  title,
  format = String,
}: {
  points: Point[];
  title: string;
  format?(v: number): string;
}) {
  const { max, left } = scale(points, format);
  const inner = W - left - PAD.right;
  const x = (i: number) => left + (inner * (i + 0.5)) / points.length;
  const y = (v: number) => PAD.top + (H - PAD.top - PAD.bottom) * (1 - v / (max || 1));
  const line = points.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
  const area = `${line} L${x(points.length - 1).toFixed(1)},${H - PAD.bottom} L${x(0).toFixed(1)},${H - PAD.bottom} Z`;
  return (
    <Frame points={points} max={max} left={left} format={format} title={title}>
      <path d={area} className="chart__area" />
      <path d={line} className="chart__line" />
      {points.map((p, i) => (
        <circle key={p.label} cx={x(i)} cy={y(p.value)} r={2.5} className="chart__dot">
          <title>{`${p.label}: ${format(p.value)}`}</title>
        </circle>
      ))}
    </Frame>
  );
}
