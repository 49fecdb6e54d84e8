import { useState } from 'react';
import { formatMoney, parseMoney } from '@storefront/web';
import { can } from '../access.ts';
import { api, client } from '../api.ts';
import type { Category, Gateway } from '../types.ts';
import { minorToInput, PagedTable, useAction, useCurrency, usePaged } from '../ui.tsx';

export function CategoriesPage() {
  const list = usePaged((page) => api(client.GET('/api/v1/admin/categories', { params: { query: page } })), [], 100);
  const [name, setName] = useState('');
  const [sort, setSort] = useState('0');
  const action = useAction();
  const create = () =>
    action.run(async () => {
      if (!/^-?\d+$/.test(sort.trim())) throw new Error('Sort order must be a whole number.');
      await api(client.POST('/api/v1/admin/categories', { body: { name: name.trim(), sort_order: Number(sort), is_active: true } }));
      setName('');
      list.reload();
    });
  const update = (c: Category, patch: Partial<Pick<Category, 'name' | 'sort_order' | 'is_active'>>) =>
    action.run(async () => {
      await api(client.PUT('/api/v1/admin/categories/{id}', { params: { path: { id: c.id } }, body: patch }));
      list.reload();
    });
  const remove = (c: Category) =>
    action.run(async () => {
      if (!confirm(`Delete the category "${c.name}"?`)) return;
      await api(client.DELETE('/api/v1/admin/categories/{id}', { params: { path: { id: c.id } } }));
      list.reload();
    });
  const write = can('catalogue.write');
  return (
    <section>
      <h1>Categories</h1>
      {write && (
        <form
          className="filters"
          onSubmit={(e) => {
            e.preventDefault();
            void create();
          }}
        >
          <input aria-label="New category name" placeholder="New category name" value={name} onChange={(e) => setName(e.target.value)} required />
          <input aria-label="Sort order" className="narrow" value={sort} onChange={(e) => setSort(e.target.value)} />
          <button type="submit" disabled={action.busy}>
            Add category
          </button>
        </form>
      )}
      <PagedTable
        list={list}
        error={action.error}
        columns={['Name', 'Slug', 'Sort order', 'Active', '']}
        row={(c) => (
          <tr key={c.id}>
            <td>
              <input disabled={!write} aria-label={`Name of ${c.name}`} defaultValue={c.name} onBlur={(e) => e.target.value.trim() && e.target.value !== c.name && update(c, { name: e.target.value.trim() })} />
            </td>
            <td>{c.slug}</td>
            <td>
              <input disabled={!write} className="narrow" aria-label={`Sort order of ${c.name}`} defaultValue={String(c.sort_order)} onBlur={(e) => /^-?\d+$/.test(e.target.value) && Number(e.target.value) !== c.sort_order && update(c, { sort_order: Number(e.target.value) })} />
            </td>
            <td>
              <input disabled={!write} type="checkbox" aria-label={`${c.name} active`} checked={c.is_active} onChange={(e) => update(c, { is_active: e.target.checked })} />
            </td>
            <td>
              {write && (
                <button type="button" className="danger" onClick={() => remove(c)}>
                  Delete
                </button>
              )}
            </td>
          </tr>
        )}
      />
    </section>
  );
}

export function GatewaysPage() {
  const list = usePaged((page) => api(client.GET('/api/v1/admin/payment-gateways', { params: { query: page } })), [], 100);
  const currency = useCurrency();
  const [form, setForm] = useState({ code: '', name: '', min: '', max: '' });
  const action = useAction();
  const amount = (text: string, label: string): number | null => {
    if (text.trim() === '') return null;
    const v = parseMoney(text, currency);
    if (v === null) throw new Error(`${label} must be an amount in ${currency}, like 100.00, or empty.`);
    return v;
  };
  const create = () =>
    action.run(async () => {
      const body = { code: form.code.trim(), name: form.name.trim(), is_active: true, min_amount: amount(form.min, 'Minimum'), max_amount: amount(form.max, 'Maximum') };
      await api(client.POST('/api/v1/admin/payment-gateways', { body }));
      setForm({ code: '', name: '', min: '', max: '' });
      list.reload();
    });
  const update = (g: Gateway, patch: Partial<Pick<Gateway, 'name' | 'sort_order' | 'is_active' | 'min_amount' | 'max_amount'>>) =>
    action.run(async () => {
      await api(client.PUT('/api/v1/admin/payment-gateways/{id}', { params: { path: { id: g.id } }, body: patch }));
      list.reload();
    });
  const remove = (g: Gateway) =>
    action.run(async () => {
      if (!confirm(`Delete the gateway "${g.name}"?`)) return;
      await api(client.DELETE('/api/v1/admin/payment-gateways/{id}', { params: { path: { id: g.id } } }));
      list.reload();
    });
  const write = can('gateways.write');
  return (
    <section>
      <h1>Payment gateways</h1>
      {write && (
        <form
          className="filters"
          onSubmit={(e) => {
            e.preventDefault();
            void create();
          }}
        >
          <input aria-label="Gateway code" placeholder="code (e.g. gateway_a)" value={form.code} onChange={(e) => setForm({ ...form, code: e.target.value })} required />
          <input aria-label="Gateway name" placeholder="Name shown to users" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} required />
          <input aria-label="Minimum amount" placeholder={`min (${currency})`} className="narrow" value={form.min} onChange={(e) => setForm({ ...form, min: e.target.value })} />
          <input aria-label="Maximum amount" placeholder={`max (${currency})`} className="narrow" value={form.max} onChange={(e) => setForm({ ...form, max: e.target.value })} />
          <button type="submit" disabled={action.busy}>
            Add gateway
          </button>
        </form>
      )}
      <PagedTable
        list={list}
        error={action.error}
        columns={['Code', 'Name', 'Sort', 'Minimum', 'Maximum', 'Active', '']}
        row={(g) => (
          <tr key={g.id}>
            <td>{g.code}</td>
            <td>
              <input disabled={!write} aria-label={`Name of ${g.code}`} defaultValue={g.name} onBlur={(e) => e.target.value.trim() && e.target.value !== g.name && update(g, { name: e.target.value.trim() })} />
            </td>
            <td>
              <input disabled={!write} className="narrow" aria-label={`Sort order of ${g.code}`} defaultValue={String(g.sort_order)} onBlur={(e) => /^-?\d+$/.test(e.target.value) && Number(e.target.value) !== g.sort_order && update(g, { sort_order: Number(e.target.value) })} />
            </td>
            <td>
              <input disabled={!write} className="narrow" aria-label={`Minimum of ${g.code}`} title={g.min_amount === null ? 'No minimum' : formatMoney(g.min_amount, currency)} defaultValue={minorToInput(g.min_amount, currency)} onBlur={(e) => {
                try {
                  const v = amount(e.target.value, 'Minimum');
                  if (v !== g.min_amount) void update(g, { min_amount: v });
                } catch (err) {
                  action.setError(err);
                }
              }} />
            </td>
            <td>
              <input disabled={!write} className="narrow" aria-label={`Maximum of ${g.code}`} title={g.max_amount === null ? 'No maximum' : formatMoney(g.max_amount, currency)} defaultValue={minorToInput(g.max_amount, currency)} onBlur={(e) => {
                try {
                  const v = amount(e.target.value, 'Maximum');
                  if (v !== g.max_amount) void update(g, { max_amount: v });
                } catch (err) {
                  action.setError(err);
                }
              }} />
            </td>
            <td>
              <input disabled={!write} type="checkbox" aria-label={`${g.code} active`} checked={g.is_active} onChange={(e) => update(g, { is_active: e.target.checked })} />
            </td>
            <td>
              {write && (
                <button type="button" className="danger" onClick={() => remove(g)}>
                  Delete
                </button>
              )}
            </td>
          </tr>
        )}
      />
    </section>
  );
}
