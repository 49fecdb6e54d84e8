import { useState } from 'react';
import { formatMoney, Link, Money, useLoad } from '@storefront/web';
import { Bar, BarChart as Bars, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { api, client } from '../api.ts';
import type { DailyFigures, Ok } from '../types.ts';
import { Cell, ErrorBox, TableScroll, When } from '../ui.tsx';

/** Dashboard figures that are money (minor units); every other figure is a count. */
const MONEY = new Set(['wallet_liability', 'revenue', 'refunds', 'topup_amount', 'e_vouchers_outstanding']);
const WINDOW_LABELS: Record<string, string> = { today: 'Today', '7d': 'Last 7 days', '30d': 'Last 30 days' };

type Dashboard = Ok<'adminGetDashboard'>;
/** Every figure's name in words, checked against the API's fields (one missing does not compile). */
const LABELS: Record<keyof Dashboard['current'] | keyof Dashboard['windows']['today'], string> = {
  users: 'Customers',
  wallet_liability: 'Shopping credits held',
  reward_points_outstanding: 'Reward points held',
  e_vouchers_outstanding: 'E-vouchers held',
  open_tickets: 'Open tickets',
  orders_to_fulfil: 'Orders to fulfil',
  pending_deletion_requests: 'Pending account deletions',
  new_users: 'New customers',
  orders: 'Orders placed',
  revenue: 'Revenue',
  refunds: 'Refunds',
  topups: 'Top-ups',
  topup_amount: 'Top-up amount',
  tickets_opened: 'Tickets opened',
  deletion_requests: 'Account deletions asked',
};
const label = (k: string): string => (LABELS as Record<string, string>)[k] ?? k.replace(/_/g, ' ');

function Figure({ k, v, currency }: { k: string; v: unknown; currency: string }) {
  if (typeof v === 'number' && MONEY.has(k)) return <Money minor={v} currency={currency} />;
  return <Cell k={k.replace(/amount|revenue|refunds/, 'n')} v={v} currency={currency} />;
}

export function DashboardPage() {
  const { data, error } = useLoad(() => api(client.GET('/api/v1/admin/dashboard')), []);
  if (error || !data) {
    return (
      <section>
        <h1>Dashboard</h1>
        {error ? <ErrorBox error={error} /> : <p className="loading">Loading…</p>}
      </section>
    );
  }
  const currency = data.currency ?? 'INR';
  const windows: [string, Record<string, number>][] = Object.entries(data.windows);
  const metrics = Object.keys(windows[0]?.[1] ?? {});
  return (
    <section>
      <h1>Dashboard</h1>
      <p className="muted">
        As of <When iso={data.as_of} />. Money in {currency}.
      </p>
      <div className="cards">
        {Object.entries(data.current).map(([k, v]) => (
          <div className="card" key={k}>
            <div className="card-label">{label(k)}</div>
            <div className="card-value">
              <Figure k={k} v={v} currency={currency} />
            </div>
          </div>
        ))}
        <div className={`card${data.stock.low > 0 ? ' alert' : ''}`}>
          <div className="card-label">Stock</div>
          <div className="card-value">
            <Link to="/products?stock_level=low&is_active=true&sort=stock" data-testid="low-stock">
              Low stock: {data.stock.low}
            </Link>
          </div>
          {data.stock.out > 0 && <div className="muted">{data.stock.out} out of stock</div>}
        </div>
      </div>
      <TableScroll label="Figures by period">
        <table>
          <thead>
            <tr>
              <th scope="col">Figure</th>
              {windows.map(([name]) => (
                <th key={name} scope="col">
                  {WINDOW_LABELS[name] ?? name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {metrics.map((m) => (
              <tr key={m}>
                <th scope="row">{label(m)}</th>
                {windows.map(([name, w]) => (
                  <td key={name}>
                    <Figure k={m} v={w[m]} currency={currency} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <DailySeries />
    </section>
  );
}

type DailyFigure = Exclude<keyof DailyFigures, 'day'>;

const FIGURES: { key: DailyFigure; label: string; money: boolean }[] = [
  { key: 'revenue', label: 'Revenue', money: true },
  { key: 'orders', label: 'Orders', money: false },
  { key: 'topup_amount', label: 'Top-ups (amount)', money: true },
  { key: 'topups', label: 'Top-ups (count)', money: false },
  { key: 'refunds', label: 'Refunds', money: true },
  { key: 'new_users', label: 'New users', money: false },
];

/**
 * The daily series (`GET /admin/dashboard/daily`): one figure per UTC day over 30 or 90 days,
 * drawn by Recharts (SVG, so the numbers are text a screen reader and a test can read) with the
 * same numbers in a table beside it.
 */
function DailySeries() {
  const [days, setDays] = useState(30);
  const [figure, setFigure] = useState<DailyFigure>('revenue');
  const { data, error } = useLoad(() => api(client.GET('/api/v1/admin/dashboard/daily', { params: { query: { days } } })), [days]);
  const f = FIGURES.find((x) => x.key === figure)!;
  const currency = data?.currency ?? 'INR';
  const show = (v: number) => (f.money ? formatMoney(v, currency) : String(v));
  const rows = (data?.days ?? []).map((d) => ({ day: d.day, label: d.day.slice(5), value: d[figure] }));
  const Chart = f.money ? LineChart : Bars;
  return (
    <section className="daily" aria-labelledby="daily-title">
      <h2 id="daily-title">Day by day</h2>
      <div className="filters">
        <label>
          Figure{' '}
          <select value={figure} onChange={(e) => setFigure(e.target.value as DailyFigure)}>
            {FIGURES.map((x) => (
              <option key={x.key} value={x.key}>
                {x.label}
              </option>
            ))}
          </select>
        </label>
        <div role="group" aria-label="Period" className="segmented">
          {[30, 90].map((n) => (
            <button key={n} type="button" aria-pressed={days === n} className={days === n ? 'primary' : 'secondary'} onClick={() => setDays(n)}>
              {n} days
            </button>
          ))}
        </div>
      </div>
      {error ? (
        <ErrorBox error={error} />
      ) : !data ? (
        <p className="loading">Loading…</p>
      ) : (
        <div className="daily-body">
          <figure className="chart" data-testid="daily-chart">
            <ResponsiveContainer width="100%" height={260}>
              <Chart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 8 }} accessibilityLayer>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="label" interval="preserveStartEnd" minTickGap={16} />
                <YAxis width={f.money ? 90 : 50} allowDecimals={false} tickFormatter={(v: number) => (f.money ? formatMoney(v, currency) : String(v))} />
                <Tooltip formatter={(v) => show(Number(v))} labelFormatter={(_l, p) => String(p?.[0]?.payload?.day ?? '')} />
                {f.money ? (
                  <Line type="monotone" dataKey="value" name={f.label} stroke="#2456c6" strokeWidth={2} dot={false} isAnimationActive={false} />
                ) : (
                  <Bar dataKey="value" name={f.label} fill="#2456c6" isAnimationActive={false} />
                )}
              </Chart>
            </ResponsiveContainer>
            <figcaption>
              {f.label} per day, last {days} days (UTC){f.money ? `, ${currency}` : ''}
            </figcaption>
          </figure>
          {/* Focusable so a keyboard can scroll the 90 rows. */}
          <div className="daily-table" tabIndex={0} role="region" aria-label={`${f.label} per day, as numbers`}>
            <table data-testid="daily-table">
              <caption className="visually-hidden">
                {f.label} per day
              </caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">{f.label}</th>
                </tr>
              </thead>
              <tbody>
                {[...rows].reverse().map((r) => (
                  <tr key={r.day}>
                    <td>{r.day}</td>
                    <td className="num">{show(r.value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}
