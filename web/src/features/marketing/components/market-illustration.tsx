/** Candles in the rising-then-falling pattern drawn by the illustration: [open, close, high, low]. */
// prettier-ignore
const CANDLES: [number, number, number, number][] = [
  [70, 58, 52, 76], [58, 62, 50, 66], [62, 48, 44, 66], [48, 40, 34, 52], [40, 46, 36, 50],
  [46, 32, 26, 50], [32, 36, 28, 40], [36, 24, 18, 40], [24, 30, 20, 34], [30, 18, 12, 34],
];

/**
 * A decorative SVG of a candlestick chart (no image download). `light` draws it for a dark
 * background. Hidden from assistive technology.
 */
export function MarketIllustration({ light = false }: { light?: boolean }) {
  const up = light ? '#8ce99a' : '#2f9e44';
  const down = light ? '#ffa8a8' : '#e03131';
  const grid = light ? 'rgba(255,255,255,0.15)' : 'var(--mantine-color-gray-3)';
  return (
    <svg
      viewBox="0 0 220 90"
      width="100%"
      height="100%"
      aria-hidden
      focusable="false"
      preserveAspectRatio="xMidYMid meet"
    >
      {[20, 40, 60, 80].map((y) => (
        <line key={y} x1="0" x2="220" y1={y} y2={y} stroke={grid} strokeWidth="0.5" />
      ))}
      {CANDLES.map(([open, close, high, low], i) => {
        const x = 14 + i * 20;
        const colour = close < open ? up : down;
        return (
          <g key={x} stroke={colour} fill={colour}>
            <line x1={x} x2={x} y1={high} y2={low} strokeWidth="1.5" />
            <rect
              x={x - 5}
              y={Math.min(open, close)}
              width="10"
              height={Math.max(Math.abs(open - close), 2)}
              rx="1"
            />
          </g>
        );
      })}
      <polyline
        points={CANDLES.map(([, close], i) => `${14 + i * 20},${close}`).join(' ')}
        fill="none"
        stroke={light ? '#ffd43b' : 'var(--mantine-color-indigo-6)'}
        strokeWidth="1.5"
        strokeDasharray="4 3"
      />
    </svg>
  );
}
