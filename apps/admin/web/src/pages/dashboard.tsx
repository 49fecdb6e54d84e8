import { useState } from 'react';
import { formatMoney } from '../money.ts';
import { Cell, ErrorBox, Money, When, useLoad } from '../ui.tsx';

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

export function BarChart({ rows, label, value, title, format }: { rows: Row[]; label: string; value: string; title: string; format?: (v: number) => string }) {
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
                <title>{`${String(r[label])}: ${format ? format(values[i]!) : values[i]}`}</title>
              </rect>
              {rows.length <= 14 && (
                <text x={i * bw + bw / 2} y={Math.max(h - bh - 6, 12)} textAnchor="middle" className="axis">
                  {format ? format(values[i]!) : values[i]}
                </text>
              )}
              {rows.length <= 14 && (
                <text x={i * bw + bw / 2} y={h + 18} textAnchor="middle" className="axis">
                  {/^\d{4}-\d{2}-\d{2}/.test(String(r[label])) ? String(r[label]).slice(5, 10) : String(r[label])}
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

/** Dashboard figures that are money (minor units); every other figure is a count. */
const MONEY = new Set(['wallet_liability', 'revenue', 'refunds', 'topup_amount', 'e_vouchers_outstanding']);
const WINDOW_LABELS: Record<string, string> = { today: 'Today', '7d': 'Last 7 days', '30d': 'Last 30 days' };

function Figure({ k, v, currency }: { k: string; v: unknown; currency: string }) {
  if (typeof v === 'number' && MONEY.has(k)) return <Money minor={v} currency={currency} />;
  return <Cell k={k.replace(/amount|revenue|refunds/, 'n')} v={v} currency={currency} />;
}

interface Dashboard {
  as_of?: string;
  currency?: string;
  current?: Record<string, number>;
  windows?: Record<string, Record<string, number>>;
  [k: string]: unknown;
}

export function DashboardPage() {
  const { data, error } = useLoad<Dashboard>('/api/v1/admin/dashboard');
  const [metric, setMetric] = useState('revenue');
  if (error || !data) {
    return (
      <section>
        <h1>Dashboard</h1>
        {error ? <ErrorBox error={error} /> : <p className="loading">Loading…</p>}
      </section>
    );
  }
  const currency = data.currency ?? 'INR';
  if (!data.current || !data.windows) return <GenericDashboard data={data} />;
  const windows = Object.entries(data.windows);
  const metrics = Object.keys(windows[0]?.[1] ?? {});
  const chartRows = windows.map(([name, w]) => ({ window: WINDOW_LABELS[name] ?? name, value: w[metric] ?? 0 }));
  return (
    <section>
      <h1>Dashboard</h1>
      <p className="muted">
        As of <When iso={data.as_of} />. Money in {currency}.
      </p>
      <div className="cards">
        {Object.entries(data.current).map(([k, v]) => (
          <div className="card" key={k}>
            <div className="card-label">{k.replace(/_/g, ' ')}</div>
            <div className="card-value">
              <Figure k={k} v={v} currency={currency} />
            </div>
          </div>
        ))}
      </div>
      <table>
        <thead>
          <tr>
            <th>Figure</th>
            {windows.map(([name]) => (
              <th key={name}>{WINDOW_LABELS[name] ?? name}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {metrics.map((m) => (
            <tr key={m}>
              <td>{m.replace(/_/g, ' ')}</td>
              {windows.map(([name, w]) => (
                <td key={name}>
                  <Figure k={m} v={w[m]} currency={currency} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="filters">
        <label>
          Chart{' '}
          <select aria-label="Chart figure" value={metric} onChange={(e) => setMetric(e.target.value)}>
            {metrics.map((m) => (
              <option key={m} value={m}>
                {m.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </label>
      </div>
      <BarChart
        rows={chartRows}
        label="window"
        value="value"
        title={`${metric.replace(/_/g, ' ')} by period${MONEY.has(metric) ? ` (${currency})` : ''}`}
        format={(v) => (MONEY.has(metric) ? formatMoney(v, currency) : String(v))}
      />
    </section>
  );
}

function GenericDashboard({ data }: { data: Row }) {
  const series = findSeries(data);
  return (
    <section>
      <h1>Dashboard</h1>
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
    </section>
  );
}
