import { Cell, ErrorBox, useLoad } from '../ui.tsx';

type Row = Record<string, unknown>;

/** The first array of objects with a date-like key and a number: the series to chart. */
function findSeries(data: Row): { name: string; label: string; value: string; rows: Row[] } | null {
  for (const [name, v] of Object.entries(data)) {
    if (!Array.isArray(v) || v.length === 0 || typeof v[0] !== 'object' || v[0] === null) continue;
    const first = v[0] as Row;
    const label = Object.keys(first).find((k) => typeof first[k] === 'string');
    const value = Object.keys(first).find((k) => typeof first[k] === 'number');
    if (label && value) return { name, label, value, rows: v as Row[] };
  }
  return null;
}

/** The headline numbers, flattened one level (`orders.total` → "orders total"). */
function metrics(data: Row): [string, unknown, string][] {
  const currency = typeof data.currency === 'string' ? data.currency : 'INR';
  const out: [string, unknown, string][] = [];
  for (const [k, v] of Object.entries(data)) {
    if (k === 'currency' || Array.isArray(v)) continue;
    if (v && typeof v === 'object') {
      const inner = v as Row;
      const c = typeof inner.currency === 'string' ? inner.currency : currency;
      for (const [k2, v2] of Object.entries(inner)) if (k2 !== 'currency' && (typeof v2 !== 'object' || v2 === null)) out.push([`${k}_${k2}`, v2, c]);
    } else out.push([k, v, currency]);
  }
  return out;
}

export function BarChart({ rows, label, value, title }: { rows: Row[]; label: string; value: string; title: string }) {
  const values = rows.map((r) => Number(r[value]) || 0);
  const max = Math.max(1, ...values);
  const w = 640;
  const h = 180;
  const bw = w / Math.max(rows.length, 1);
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${w} ${h + 30}`} role="img" aria-label={title}>
        {rows.map((r, i) => {
          const bh = Math.round((values[i]! / max) * h);
          return (
            <g key={i}>
              <rect x={i * bw + 4} y={h - bh} width={Math.max(bw - 8, 2)} height={bh} className="bar">
                <title>{`${String(r[label])}: ${values[i]}`}</title>
              </rect>
              {rows.length <= 14 && (
                <text x={i * bw + bw / 2} y={h + 18} textAnchor="middle" className="axis">
                  {String(r[label]).slice(5, 10) || String(r[label])}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption>{title}</figcaption>
    </figure>
  );
}

export function DashboardPage() {
  const { data, error } = useLoad<Row>('/api/v1/admin/dashboard');
  const series = data ? findSeries(data) : null;
  return (
    <section>
      <h1>Dashboard</h1>
      <ErrorBox error={error} />
      {data && (
        <>
          <div className="cards">
            {metrics(data).map(([k, v, c]) => (
              <div className="card" key={k}>
                <div className="card-label">{k.replace(/_/g, ' ')}</div>
                <div className="card-value">
                  <Cell k={k} v={v} currency={c} />
                </div>
              </div>
            ))}
          </div>
          {series && <BarChart rows={series.rows} label={series.label} value={series.value} title={`${series.name.replace(/_/g, ' ')} (${series.value.replace(/_/g, ' ')})`} />}
        </>
      )}
    </section>
  );
}
